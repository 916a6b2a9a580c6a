/**
 * Gaps and honest "no answer" (issue 28 parts 4 and 6) through the local gateway: the gap list is
 * computed by the job from the stream (queued by a view that finds it behind), groups near-identical
 * questions across projects into one gap with its count and projects, hides PRIVATE projects'
 * questions from members not on them, starts "Add to library" from the answer written since, and
 * loses a gap once the library answers it with confidence. A Fill from library run records why it
 * left each question empty (no library answer, or the closest below the threshold, named), and
 * "Use this answer" answers the question from that candidate, recording its use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLibrary } from '../../scripts/bench/suggestion-library';
import type { AnswerAnalytics, AutofillRun } from '../../shared/schemas/answer';
import type { AutofillEmpty, GapReport } from '../../shared/schemas/library-gaps';
import type { Question } from '../../shared/schemas/question';
import { type ApiClient, client } from '../support/api-client';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

/** Two library entries asking the same thing with different answers: no engine can be sure which. */
const TIED = [
  {
    question: 'Do you sponsor open-source projects?',
    answer: 'Yes: we fund two maintainers of libraries our product depends on.',
  },
  {
    question: 'Do you sponsor open-source projects?',
    answer: 'We donate every year to the Apache Software Foundation and the OpenSSF.',
  },
];

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('gia@initech.test', 'Initech Trust', { givenName: 'Gia', lastName: 'Gaps' });
  member = await join(owner, 'milo@initech.test', 'ROLE_MEMBER', { givenName: 'Milo', lastName: 'Member' });
  ok(
    await as(owner).call('importAnswers', {
      body: {
        items: [
          ...bankLibrary().map((e) => ({ question: e.originalQuestion, answer: e.answer })),
          ...TIED,
        ].map((e) => ({ ...e, responseClassification: 'COMPLIANT' as const })),
        creationMethod: 'BULK_UPLOAD',
      },
    }),
    'importAnswers',
  );
  await stack.settle();
}, 180_000);

afterAll(() => resources.stopAll());

async function project(name: string, questions: string[], privateTo?: Person[]) {
  const { projectId } = ok(await as(owner).call('createProject', { body: { name } }), 'createProject');
  const ids: string[] = [];
  for (const question of questions)
    ids.push(
      ok(await as(owner).call('addQuestion', { params: { projectId }, body: { question } }), 'addQuestion')
        .questionId,
    );
  if (privateTo) {
    const body = { accessVisibility: 'PRIVATE' as const, shareWith: privateTo.map((p) => p.userId) };
    ok(await as(owner).call('updateProjectAccess', { params: { projectId }, body }), 'updateProjectAccess');
  }
  return { projectId, ids };
}

/** The gap list once it is up to date (each view that finds it behind queues the job). */
async function gaps(person: Person): Promise<GapReport> {
  let report: GapReport | undefined;
  await expect
    .poll(
      async () => {
        await stack.settle();
        report = ok<GapReport>(await as(person).call('listGaps'), 'listGaps');
        return report.updating;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(false);
  return report as GapReport;
}

const CARBON = /carbon/i;
const SLAVERY = /modern slavery/i;

describe('gaps', () => {
  it('groups near-identical unanswered questions across projects, most frequent first, and hides PRIVATE projects from members not on them', async () => {
    // Prepare
    const a = await project('Acme renewal', [
      'Do you offset the carbon emissions of your data centres?',
      'Is data encrypted in transit, e.g. TLS 1.2 or higher?',
      'Do you have a whistle-blowing hotline for employees?',
    ]);
    const b = await project('Globex onboarding', [
      'Do you offset carbon emissions of your data centers?',
      'Do you review access rights periodically?',
    ]);
    const secret = await project(
      'Umbrella (private)',
      [
        'Do you offset the carbon emissions of your data centres?',
        'Do you publish a modern slavery statement?',
      ],
      [owner],
    );

    // Act
    const seenByMember = await gaps(member);
    const seenByOwner = await gaps(owner);

    // Assess: one carbon gap across projects, counted where each person may look.
    const carbonForMember = seenByMember.gaps.filter((g) => CARBON.test(g.question));
    expect(carbonForMember).toHaveLength(1);
    expect(carbonForMember[0]).toMatchObject({ count: 2 });
    expect(carbonForMember[0].projects.map((p) => p.name).sort()).toEqual([
      'Acme renewal',
      'Globex onboarding',
    ]);
    expect(seenByMember.gaps[0]).toBe(carbonForMember[0]);
    expect(seenByMember.gaps.some((g) => SLAVERY.test(g.question))).toBe(false);
    expect(JSON.stringify(seenByMember)).not.toContain(secret.projectId);
    expect(JSON.stringify(seenByMember)).not.toContain('Umbrella');
    // Questions the library answers with confidence are no gaps.
    expect(seenByMember.gaps.some((g) => /TLS|access rights/i.test(g.question))).toBe(false);
    expect(seenByMember.gaps.some((g) => /whistle-blowing/i.test(g.question))).toBe(true);

    const carbonForOwner = seenByOwner.gaps.filter((g) => CARBON.test(g.question));
    expect(carbonForOwner).toHaveLength(1);
    expect(carbonForOwner[0].count).toBe(3);
    expect(carbonForOwner[0].projects).toHaveLength(3);
    expect(seenByOwner.gaps.some((g) => SLAVERY.test(g.question))).toBe(true);
    expect(seenByOwner.total).toBe(seenByMember.total + 1);
    expect([a.projectId, b.projectId]).toContain(carbonForMember[0].prefill.projectId);
  }, 180_000);

  it('starts Add to library from the answer written since, and drops the gap once the library answers it', async () => {
    // Prepare
    const { projectId, ids } = await project('Hooli security review', [
      'Do you offer employees a cycle-to-work scheme?',
      'Do you offer staff a cycle to work scheme?',
    ]);
    const answer = 'Yes: every employee may lease a bicycle through salary sacrifice, up to GBP 3,000.';
    ok(
      await as(member).call('updateQuestion', {
        params: { projectId, questionId: ids[1] },
        body: { answer },
      }),
      'answer by hand',
    );
    const listed = await gaps(member);
    const before = listed.gaps.find((g) => /cycle/i.test(g.question));
    expect(before).toMatchObject({
      count: 2,
      prefill: {
        answer,
        projectId,
        questionId: ids[1],
        question: 'Do you offer staff a cycle to work scheme?',
      },
    });

    // Act: the library gets that answer, as the gap's Add to library does.
    ok(
      await as(owner).call('importAnswers', {
        body: { items: [{ question: before!.prefill.question, answer }], creationMethod: 'MANUALLY' },
      }),
      'Add to library',
    );

    // Assess
    const after = await gaps(member);
    expect(after.gaps.some((g) => /cycle/i.test(g.question))).toBe(false);
    expect(after.total).toBe(listed.total - 1);
  }, 180_000);

  it("tells the team's open gap lists when a new list is computed, naming no project or question", async () => {
    // Prepare: a member's open session, and a question the library does not answer.
    const live = await connectLiveSocket(stack.appUrl, member.token, 'gaps-member-session');
    resources.add(() => live.socket.terminate());
    await project('Hooli wellbeing review', ['Do you run a staff book club?']);
    await stack.settle(); // the stream has counted the new question
    const since = new Date().toISOString();
    // Act: a view finds the list behind, which queues the job.
    expect(ok<GapReport>(await as(owner).call('listGaps'), 'listGaps').updating).toBe(true);
    // Assess
    const heard = await live.waitFor(
      (m) => m.eventName === 'LIBRARY_GAPS_UPDATED' && m.data.computedAt >= since,
      60_000,
    );
    expect(heard.scope).toEqual({ kind: 'team', id: owner.teamId });
    expect(Object.keys(heard.data)).toEqual(['computedAt']);
    expect((await gaps(member)).gaps.some((g) => /book club/i.test(g.question))).toBe(true);
  }, 120_000);
});

describe('gaps under concurrent changes', () => {
  it('queues a list a view found behind even when the stream counted more changes since the view read it', async () => {
    // Prepare: an up-to-date list, then a question it does not hold yet.
    const repo = await import('../../functions/library/gaps/repo');
    await gaps(owner);
    await project('Initech supplier review', ['Do you sponsor a staff choir?']);
    await stack.settle();
    const teamId = owner.teamId as string;
    const read = await repo.getGaps(teamId);
    expect(read?.status).toBe('READY');
    // The stream counts another change between the view's read and its queueing (updatedAt moves).
    await repo.countGapChanges(teamId, 1);

    // Act
    const queued = await repo.queueGaps(teamId, read);

    // Assess: queued, and the next list holds the new question.
    expect(queued).toBe(true);
    expect((await gaps(owner)).gaps.some((g) => /choir/i.test(g.question))).toBe(true);
  }, 120_000);
});

describe('honest "no answer" in the autofill review', () => {
  const questionsOf = async (projectId: string) =>
    ok<{ items: Question[] }>(
      await as(owner).call('listQuestions', { params: { projectId } }),
      'listQuestions',
    ).items;

  it('records why each question was left empty, names the closest answer below the threshold, and Use this answer fills it', async () => {
    // Prepare
    const { projectId, ids } = await project('Wayne Enterprises', [
      'Is data encrypted in transit, e.g. TLS 1.2 or higher?',
      'Which colour is the vendor’s logo?',
      'Do you sponsor open-source projects?',
    ]);

    // Act
    ok<AutofillRun>(
      await as(member).call('startAutofill', { params: { projectId }, body: {} }),
      'startAutofill',
    );
    await expect
      .poll(async () => {
        await stack.settle();
        return ok<AutofillRun>(await as(owner).call('getAutofill', { params: { projectId } }), 'get').status;
      })
      .toBe('DONE');
    const empty = ok<AutofillEmpty[]>(
      await as(member).call('listAutofillEmpty', { params: { projectId } }),
      'listAutofillEmpty',
    );

    // Assess: the filled question has no reason; the other two say why.
    const byQuestion = new Map(empty.map((e) => [e.questionId, e]));
    expect(byQuestion.has(ids[0])).toBe(false);
    expect(byQuestion.get(ids[1])).toEqual({ questionId: ids[1], reason: 'NO_MATCH' });
    const tied = byQuestion.get(ids[2]);
    expect(tied?.reason).toBe('BELOW_THRESHOLD');
    expect(tied?.closest?.originalQuestion).toBe('Do you sponsor open-source projects?');
    expect(TIED.map((t) => t.answer)).toContain(tied?.closest?.answerExcerpt);
    expect(tied?.closest?.confidence).toBeGreaterThan(0);
    expect(tied?.closest?.confidence).toBeLessThan(0.9);

    // Act: one click uses the candidate.
    const used = await as(member).call('useAutofillCandidate', {
      params: { projectId },
      body: { questionId: ids[2], answerId: tied!.closest!.answerId },
    });
    await stack.settle();

    // Assess: answered from the library, In Progress, its use recorded; a second use is refused.
    expect(used.status).toBe(200);
    const question = (await questionsOf(projectId)).find((q) => q.questionId === ids[2]);
    expect(question).toMatchObject({ answer: tied?.closest?.answerExcerpt, responseStatus: 'IN-PROGRESS' });
    expect(question?.libraryDraft).toBeUndefined();
    await expect
      .poll(async () => {
        const analytics = ok<AnswerAnalytics>(
          await as(owner).call('getAnswer', { params: { answerId: tied!.closest!.answerId } }),
          'getAnswer',
        );
        return JSON.stringify(analytics);
      })
      .toContain(ids[2]);
    const again = await as(member).call('useAutofillCandidate', {
      params: { projectId },
      body: { questionId: ids[2], answerId: tied!.closest!.answerId },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This question was answered meanwhile: open it to change its answer');
  }, 180_000);

  it('refuses a library answer that is no longer available, and a question of a PRIVATE project to a member not on it', async () => {
    // Prepare
    const open = await project('Stark Industries', ['Do you sponsor open-source projects?']);
    const hidden = await project('Oscorp (private)', ['Do you sponsor open-source projects?'], [owner]);
    const answers = ok<{ items: Array<{ answerId: string; originalQuestion: string }> }>(
      await as(owner).call('searchLibrary', { body: { searchTerm: 'sponsor open-source' } }),
      'searchLibrary',
    ).items.filter((a) => a.originalQuestion === 'Do you sponsor open-source projects?');
    ok(
      await as(owner).call('updateAnswer', {
        params: { answerId: answers[0].answerId },
        body: { answerStatus: 'ARCHIVED' },
      }),
      'archive',
    );

    // Act
    const archived = await as(member).call('useAutofillCandidate', {
      params: { projectId: open.projectId },
      body: { questionId: open.ids[0], answerId: answers[0].answerId },
    });
    const privateOne = await as(member).call('useAutofillCandidate', {
      params: { projectId: hidden.projectId },
      body: { questionId: hidden.ids[0], answerId: answers[1].answerId },
    });
    const privateReasons = await as(member).call('listAutofillEmpty', {
      params: { projectId: hidden.projectId },
    });

    // Assess
    expect(archived.status).toBe(422);
    expect(archived.body.message).toBe('That library answer is no longer available');
    expect(privateOne.status).toBe(404);
    expect(privateReasons.status).toBe(404);
  }, 180_000);
});
