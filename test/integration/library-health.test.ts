/**
 * Library health through the local gateway (issue 28 part 2): the health job, queued from the
 * stream when the library changes, finds near-duplicate questions in groups and the conflicts among
 * their answers; a merge keeps the usage, tags, documents and history of the answers merged, which
 * are archived "Merged into …"; Mark distinct sticks through later checks; Keep this one archives
 * the other answer with the reason typed; only library managers act, and bad input gets a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindService } from '../../functions/common/db';
import { LibraryAnswerEntity } from '../../functions/library/entities/library-answer';
import { mergesInto } from '../../functions/library/health/repo';
import { recordUsage } from '../../functions/library/repo';
import { bankLibrary } from '../../scripts/bench/suggestion-library';
import type { AnswerAnalytics } from '../../shared/schemas/answer';
import type { LibraryHealth, LibraryHealthSummary } from '../../shared/schemas/library-health';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
let viewer: Person;
const as = (person: Person) => api.as(person.token);
const answers = bindService({ libraryAnswer: LibraryAnswerEntity });

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

/** Pairs of one concept, worded differently; each pair's answers conflict. */
const MFA = [
  {
    question: 'Do you enforce 2FA for administrator logins?',
    answer: 'Yes: every administrator signs in with a hardware security key.',
    responseClassification: 'COMPLIANT' as const,
  },
  {
    question: 'Is multi-factor authentication required for admin accounts?',
    answer: 'Not at present; it is on our roadmap.',
    responseClassification: 'NON-COMPLIANT' as const,
  },
];
const INSURANCE = [
  {
    question: 'Do you carry cyber insurance that covers data breaches?',
    answer: 'Yes, a cyber policy with a 5 million limit.',
    responseClassification: 'COMPLIANT' as const,
  },
  {
    question: 'Does the company hold a cyber insurance policy covering a data breach?',
    answer: 'No, we carry general liability cover only.',
    responseClassification: 'NON-COMPLIANT' as const,
  },
];
const ENCRYPTION = [
  {
    question: 'Is customer data encrypted at rest in your warehouse?',
    answer: 'Customer data is encrypted at rest with AES-256.',
    responseClassification: 'COMPLIANT' as const,
  },
  {
    question: 'Do you encrypt stored customer data at rest in your warehouse?',
    answer: 'Customer data is not encrypted at rest in the warehouse.',
    responseClassification: 'COMPLIANT' as const,
  },
];
const ids = new Map<string, string>();

const health = async (person = owner) =>
  ok<LibraryHealth>(await as(person).call('getLibraryHealth'), 'getLibraryHealth');
const groupOf = (report: LibraryHealth, answerId: string) =>
  report.groups.find((g) => g.answers.some((a) => a.answerId === answerId));
/** The conflict between a pair's two answers, whichever it names first. */
const conflictOf = (report: LibraryHealth, pair: { question: string }[]) => {
  const both = new Set(pair.map(id));
  return report.conflictList.find((c) => both.has(c.a.answerId) && both.has(c.b.answerId));
};
const answer = async (answerId: string) =>
  ok<AnswerAnalytics>(await as(owner).call('getAnswer', { params: { answerId } }), 'getAnswer');

/** Waits for a check that finished after `since`. */
async function checked(since: string) {
  return eventually(
    async () => {
      const summary = ok<LibraryHealthSummary>(await as(owner).call('getLibraryHealthSummary'), 'summary');
      if (summary.status !== 'IDLE' || !summary.checkedAt || summary.checkedAt < since)
        throw new Error(`not checked yet: ${JSON.stringify(summary)}`);
      return summary;
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('hana@hooli.test', 'Hooli Health', { givenName: 'Hana', lastName: 'Health' });
  member = await join(owner, 'mo@hooli.test', 'ROLE_MEMBER', { givenName: 'Moana', lastName: 'Member' });
  viewer = await join(owner, 'vi@hooli.test', 'ROLE_VIEWER', { givenName: 'Violet', lastName: 'Viewer' });
  const since = new Date().toISOString();
  const rows = [
    ...bankLibrary().map((e) => ({ question: e.originalQuestion, answer: e.answer })),
    ...MFA,
    ...INSURANCE,
    ...ENCRYPTION,
  ];
  const imported = ok<{ answerIds: string[] }>(
    await as(owner).call('importAnswers', { body: { items: rows, creationMethod: 'BULK_UPLOAD' } }),
    'importAnswers',
  );
  rows.forEach((row, i) => {
    ids.set(row.question, imported.answerIds[i]);
  });
  await checked(since);
}, 240_000);

afterAll(() => resources.stopAll());

const id = (row: { question: string }) => ids.get(row.question)!;

describe('the health job', () => {
  it('finds each pair of duplicates in a group, with the conflict between their answers', async () => {
    // Act
    const report = await health(viewer);
    // Assess
    for (const pair of [MFA, INSURANCE, ENCRYPTION]) {
      const group = groupOf(report, id(pair[0]));
      expect(group?.answers.map((a) => a.answerId)).toContain(id(pair[1]));
    }
    expect(conflictOf(report, INSURANCE)?.kind).toBe('COMPLIANCE');
    const encryption = conflictOf(report, ENCRYPTION)!;
    expect(encryption.kind).toBe('CONTRADICTION');
    const phraseOf = (answerId: string) =>
      encryption.a.answerId === answerId ? encryption.phraseA : encryption.phraseB;
    expect(phraseOf(id(ENCRYPTION[0]))).toBe('Customer data is encrypted at rest with AES-256');
    expect(phraseOf(id(ENCRYPTION[1]))).toBe('Customer data is not encrypted at rest in the warehouse');
    expect(report.duplicateGroups).toBe(report.groups.length);
    expect(report.conflicts).toBe(report.conflictList.length);
  });

  it("tells the team's open screens as a check is queued and when it is done, with its counts", async () => {
    // Prepare: a member's open session.
    const live = await connectLiveSocket(stack.appUrl, member.token, 'health-member-session');
    resources.add(() => live.socket.terminate());
    const before = await health(member);
    // Act
    ok(await as(owner).call('checkLibraryHealth'), 'checkLibraryHealth');
    // Assess
    await live.waitFor((m) => m.eventName === 'LIBRARY_HEALTH_UPDATED' && m.data.status === 'QUEUED');
    const done = await live.waitFor(
      (m) => m.eventName === 'LIBRARY_HEALTH_UPDATED' && m.data.status === 'IDLE',
    );
    expect(done.scope).toEqual({ kind: 'team', id: owner.teamId });
    expect(done.data).toEqual({
      status: 'IDLE',
      duplicateGroups: before.duplicateGroups,
      conflicts: before.conflicts,
    });
  });
});

describe('acting on the findings', () => {
  it('refuses members and viewers, and bad input with a reason', async () => {
    // Prepare
    const group = groupOf(await health(), id(MFA[0]))!;
    const params = { healthGroupId: group.groupId };
    const conflict = conflictOf(await health(), INSURANCE)!;
    // Act
    const byMember = await as(member).call('mergeDuplicates', { params, body: { keepAnswerId: id(MFA[0]) } });
    const byViewer = await as(viewer).call('markDistinct', { params });
    const checkByMember = await as(member).call('checkLibraryHealth');
    const outsider = await as(owner).call('mergeDuplicates', {
      params,
      body: { keepAnswerId: id(INSURANCE[0]) },
    });
    const noReason = await as(owner).call('resolveConflict', {
      params: { conflictId: conflict.conflictId },
      body: { keepAnswerId: id(INSURANCE[0]), reason: '  ' },
    });
    const gone = await as(owner).call('markDistinct', { params: { healthGroupId: 'G-never-found' } });
    // Assess
    expect(byMember.status).toBe(403);
    expect(byViewer.status).toBe(403);
    expect(checkByMember.status).toBe(403);
    expect(outsider.status).toBe(422);
    expect(outsider.body.message).toBe('Pick one of the answers of this group');
    expect(noReason.status).toBe(400);
    expect(gone.status).toBe(404);
    expect((await health()).groups.map((g) => g.groupId)).toContain(group.groupId);
  });

  it('merge: the kept answer gains usage, tags, documents and history; the others are archived "Merged into …"', async () => {
    // Prepare: the answer to be merged away was used on a question, tagged and cites a document.
    const [keepId, otherId] = [id(MFA[0]), id(MFA[1])];
    const teamId = owner.teamId!;
    await recordUsage({
      teamId,
      answerId: otherId,
      projectId: 'project-mfa',
      questionId: 'question-mfa',
      question: 'Is MFA on for admins?',
      answer: MFA[1].answer,
      answeredByUserId: owner.userId,
      usedAt: new Date().toISOString(),
    });
    ok(
      await as(owner).call('updateAnswer', { params: { answerId: otherId }, body: { tags: ['admins'] } }),
      'tag',
    );
    ok(
      await as(owner).call('updateAnswer', { params: { answerId: keepId }, body: { tags: ['mfa'] } }),
      'tag',
    );
    await answers()
      .entities.libraryAnswer.patch({ teamId, answerId: otherId })
      .set({ documentIds: ['doc-mfa-policy'] })
      .go();
    const group = groupOf(await health(), keepId)!;
    const before = await answer(keepId);
    // Act
    const merged = await as(owner).call('mergeDuplicates', {
      params: { healthGroupId: group.groupId },
      body: { keepAnswerId: keepId },
    });
    // Assess
    expect(merged.status).toBe(200);
    expect(merged.body.data).toEqual({ keptAnswerId: keepId, archived: group.answers.length - 1 });
    const kept = await answer(keepId);
    expect(kept.answer.usageCount).toBe(before.answer.usageCount + 1);
    expect(kept.answer.tags).toEqual(expect.arrayContaining(['mfa', 'admins']));
    expect(kept.answer.answerStatus).toBe('IN-USE');
    const stored = (await answers().entities.libraryAnswer.get({ teamId, answerId: keepId }).go()).data;
    expect(stored?.documentIds).toContain('doc-mfa-policy');
    const other = await answer(otherId);
    expect(other.answer.answerStatus).toBe('ARCHIVED');
    expect(other.answer.flaggedReason).toBe(`Merged into "${MFA[0].question}"`);
    const history = await mergesInto(teamId, keepId);
    expect(history).toContainEqual(
      expect.objectContaining({
        answerId: otherId,
        kind: 'MERGED',
        answer: MFA[1].answer,
        byUserId: owner.userId,
      }),
    );
    expect(groupOf(await health(), keepId)).toBeUndefined();
    // Answer Insights' history of the kept answer names what was merged in, by whom.
    const listed = await as(owner).call('listAnswerHistory', { params: { answerId: keepId } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ kind: 'MERGED', byUserId: owner.userId, otherQuestion: MFA[1].question }),
    );
  });

  it('after a merge, a question worded as the answer merged away is suggested and filled the kept one', async () => {
    // Prepare: the merge above has reached the suggestion index; a project asks the merged-away question word for word.
    const [keepId, otherId] = [id(MFA[0]), id(MFA[1])];
    await stack.settle();
    const { projectId } = ok(
      await as(owner).call('createProject', { body: { name: 'Merged wording' } }),
      'project',
    );
    const { questionId } = ok(
      await as(owner).call('addQuestion', { params: { projectId }, body: { question: MFA[1].question } }),
      'addQuestion',
    );

    // Act
    const suggestions = ok<Array<{ answerId: string; score: number }>>(
      await as(owner).call('listSuggestions', { params: { projectId, questionId } }),
      'listSuggestions',
    );
    ok(await as(owner).call('startAutofill', { params: { projectId }, body: {} }), 'startAutofill');
    await stack.settle();
    await expect
      .poll(
        async () =>
          ok<{ status: string }>(await as(owner).call('getAutofill', { params: { projectId } }), 'run')
            .status,
      )
      .toBe('DONE');

    // Assess: the kept answer, once, and confident enough to fill the question.
    expect(suggestions[0].answerId).toBe(keepId);
    expect(suggestions.map((s) => s.answerId)).not.toContain(otherId);
    const [question] = ok<{ items: Array<{ answer?: string; libraryDraft?: { answerId: string } }> }>(
      await as(owner).call('listQuestions', { params: { projectId } }),
      'listQuestions',
    ).items;
    expect(question.libraryDraft?.answerId).toBe(keepId);
    expect(question.answer).toBe(MFA[0].answer);

    // Act: the answer merged away is taken out of the archive.
    ok(
      await as(owner).call('updateAnswer', {
        params: { answerId: otherId },
        body: { answerStatus: 'IN-USE' },
      }),
      'restore',
    );
    await stack.settle();

    // Assess: its wording finds it again.
    const again = ok<Array<{ answerId: string }>>(
      await as(owner).call('listSuggestions', { params: { projectId, questionId } }),
      'listSuggestions',
    );
    expect(again[0].answerId).toBe(otherId);
  });

  it('mark distinct: the group leaves the report and does not come back on the next check', async () => {
    // Prepare
    const group = groupOf(await health(), id(ENCRYPTION[0]))!;
    // Act
    const marked = await as(owner).call('markDistinct', { params: { healthGroupId: group.groupId } });
    const since = new Date().toISOString();
    ok(await as(owner).call('checkLibraryHealth'), 'checkLibraryHealth');
    await checked(since);
    // Assess
    expect(marked.status).toBe(200);
    const after = await health();
    const again = groupOf(after, id(ENCRYPTION[0]));
    expect(again?.answers.map((a) => a.answerId) ?? []).not.toContain(id(ENCRYPTION[1]));
    expect(conflictOf(after, ENCRYPTION)).toBeUndefined();
  });

  it('keep this one: the other answer of the conflict is archived with the reason typed', async () => {
    // Prepare
    const conflict = conflictOf(await health(), INSURANCE)!;
    // Act
    const resolved = await as(owner).call('resolveConflict', {
      params: { conflictId: conflict.conflictId },
      body: { keepAnswerId: id(INSURANCE[0]), reason: 'The policy was bought in March' },
    });
    // Assess
    expect(resolved.status).toBe(200);
    const other = await answer(id(INSURANCE[1]));
    expect(other.answer.answerStatus).toBe('ARCHIVED');
    expect(other.answer.flaggedReason).toBe('The policy was bought in March');
    expect((await answer(id(INSURANCE[0]))).answer.answerStatus).toBe('IN-USE');
    expect((await health()).conflictList.some((c) => c.conflictId === conflict.conflictId)).toBe(false);
    const listed = await as(owner).call('listAnswerHistory', { params: { answerId: id(INSURANCE[0]) } });
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ kind: 'CONFLICT_RESOLVED', otherQuestion: INSURANCE[1].question }),
    );
    const again = await as(owner).call('resolveConflict', {
      params: { conflictId: conflict.conflictId },
      body: { keepAnswerId: id(INSURANCE[0]), reason: 'Twice' },
    });
    expect(again.status).toBe(404);
  });
});
