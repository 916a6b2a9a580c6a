/**
 * The answer library through the local gateway (issue 13, server side): adding and importing answers
 * without duplicates, the views and search, flag / archive / restore with the flag reasons, personal
 * favourites, replace with versions, delete, bulk changes, candidates from questions saved with
 * Include in Library (never from PRIVATE projects), and the team's own collections.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import MiniSearch from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/common/db';
import { db } from '../../functions/common/entities';
import { REASONS } from '../../functions/common/formats/zip-guard';
import { readObjectBytes, writeObjectBytes } from '../../functions/common/storage';
import { hugeSharedStringXlsx, lyingSizesXlsx } from '../../scripts/fixtures/hostile-zips';
import { type Answer, type AnswerPage, type Candidate, LIBRARY_MESSAGES } from '../../shared/schemas/answer';
import { SOURCE_MESSAGES } from '../../shared/schemas/source';
import { type ApiClient, client } from '../support/api-client';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { readLibraryFile, uploadLibraryFile } from '../support/sources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
let viewer: Person;
let admin: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

/** Answers from the public corpus (plainanswer-answers), as a team's library would hold them. */
const MFA = {
  question: 'Is multi-factor authentication enforced on administrative accounts?',
  answer: 'Yes. MFA is enabled on the hosting provider, source control, domain registrar and e-mail.',
};
const BACKUPS = {
  question: 'How often are backups taken and how long are they kept?',
  answer: 'Daily encrypted backups, kept for 35 days, restored as a test every quarter.',
};
const LEAST_PRIVILEGE = {
  question: 'Is access granted on a least-privilege basis?',
  answer: 'Yes. Each person has the minimum access needed for their role, reviewed quarterly.',
};

const search = async (person: Person, body: Record<string, unknown>, query = {}) =>
  ok<AnswerPage>(await as(person).call('searchLibrary', { body, query } as never), 'searchLibrary');

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('lena@initech.test', 'Initech Security', { givenName: 'Lena', lastName: 'Library' });
  [member, viewer, admin] = await Promise.all([
    join(owner, 'max@initech.test', 'ROLE_MEMBER', { givenName: 'Max', lastName: 'Member' }),
    join(owner, 'vera@initech.test', 'ROLE_VIEWER', { givenName: 'Vera', lastName: 'Viewer' }),
    join(owner, 'ada@initech.test', 'ROLE_ADMIN', { givenName: 'Ada', lastName: 'Admin' }),
  ]);
}, 180_000);

afterAll(() => resources.stopAll());

describe('adding and importing', () => {
  it('adds answers once, whatever their case and spacing, and lists them newest first', async () => {
    // Act
    const added = ok(
      await as(owner).call('importAnswers', { body: { items: [MFA], creationMethod: 'MANUALLY' } }),
      'add',
    );
    const imported = ok(
      await as(owner).call('importAnswers', {
        body: {
          items: [
            BACKUPS,
            { question: MFA.question.toUpperCase(), answer: `  ${MFA.answer}  ` },
            LEAST_PRIVILEGE,
            { ...BACKUPS, tags: ['backup'] },
          ],
        },
      }),
      'import',
    );

    // Assess
    expect(added).toMatchObject({ created: 1, duplicates: 0, answerStatus: 'IN-USE' });
    expect(imported).toMatchObject({ created: 2, duplicates: 2, answerStatus: 'IN-USE' });
    const page = await search(owner, {});
    expect(page.total).toBe(3);
    expect(page.items.map((a) => a.originalQuestion).sort()).toEqual(
      [MFA.question, BACKUPS.question, LEAST_PRIVILEGE.question].sort(),
    );
    const mfa = page.items.find((a) => a.originalQuestion === MFA.question)!;
    expect(mfa).toMatchObject({ creationMethod: 'MANUALLY', answerStatus: 'IN-USE', isFavourite: false });
    expect(page.items.find((a) => a.originalQuestion === BACKUPS.question)?.creationMethod).toBe(
      'BULK_UPLOAD',
    );
  });

  it('tells the importer which rows the library already holds, word for word or nearly', async () => {
    // Prepare: the library holds MFA, BACKUPS and LEAST_PRIVILEGE (the test above), indexed.
    await stack.settle();

    // Act
    const checked = ok<{ duplicates: Array<{ index: number; kind: string; answerId: string }> }>(
      await as(owner).call('checkImportAnswers', {
        body: {
          items: [
            { question: `  ${MFA.question.toLowerCase()}`, answer: MFA.answer },
            {
              question: 'How often are backups taken, and how long are they retained?',
              answer: `${BACKUPS.answer} Confirmed for Initech.`,
            },
            {
              question: 'Do you run a bug bounty programme?',
              answer: 'No. Researchers report issues to our security contact.',
            },
          ],
        },
      }),
      'checkImportAnswers',
    );

    // Assess
    const { items } = await search(owner, { view: 'ALL' });
    const idOf = (question: string) => items.find((a) => a.originalQuestion === question)?.answerId;
    expect(checked.duplicates).toEqual([
      { index: 0, kind: 'EXACT', answerId: idOf(MFA.question) },
      { index: 1, kind: 'NEAR', answerId: idOf(BACKUPS.question) },
    ]);
  });

  it('puts imported answers in Needs Review when the team reviews imports', async () => {
    // Prepare
    await db()
      .entities.team.patch({ teamId: owner.teamId as string })
      .set({ importedAnswersRequireReview: true })
      .go();

    // Act
    const imported = ok(
      await as(owner).call('importAnswers', {
        body: {
          items: [
            {
              question: 'Do you run an annual penetration test?',
              answer: 'Yes, by an independent firm every year; the summary is shared under NDA.',
            },
          ],
        },
      }),
      'import',
    );

    // Assess
    expect(imported).toMatchObject({ created: 1, answerStatus: 'FLAGGED' });
    const review = await search(owner, { view: 'NEEDS_REVIEW' });
    expect(review.items.map((a) => a.answerId)).toEqual(imported.answerIds);
    expect((await search(owner, { view: 'AVAILABLE' })).total).toBe(3);
    await db()
      .entities.team.patch({ teamId: owner.teamId as string })
      .set({ importedAnswersRequireReview: false })
      .go();
  });

  it('refuses blank or short entries with the spec messages', async () => {
    const refused = await as(owner).call('importAnswers', {
      body: { items: [{ question: '  short ', answer: 'Long enough to be an answer.' }] },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.fieldErrors)).toContain(LIBRARY_MESSAGES.question);
    const member403 = await as(member).call('importAnswers', { body: { items: [MFA] } });
    expect(member403.status).toBe(403);
  });
});

describe('finding and changing answers', () => {
  let mfa: Answer;
  beforeAll(async () => {
    mfa = (await search(owner, { searchTerm: 'multi-factor' })).items[0];
  });

  it('searches every word in question, answer and tags, a page at a time', async () => {
    expect((await search(owner, { searchTerm: 'MFA registrar' })).items.map((a) => a.answerId)).toEqual([
      mfa.answerId,
    ]);
    expect((await search(owner, { searchTerm: 'backup' })).total).toBe(1);
    expect((await search(owner, { searchTerm: 'nothing like this' })).items).toEqual([]);
    const first = await search(owner, { view: 'ALL' }, { offset: 0, limit: 2 });
    const second = await search(owner, { view: 'ALL' }, { offset: 2, limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(4);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((a) => a.answerId)).size).toBe(4);
  });

  it('flags with a reason, archives and restores; other without text is refused', async () => {
    const params = { answerId: mfa.answerId };
    const other = await as(member).call('updateAnswer', {
      params,
      body: { answerStatus: 'FLAGGED', flaggedReason: 'OTHER' },
    });
    expect(other.status).toBe(400);
    expect(other.body.fieldErrors.flaggedText).toEqual([LIBRARY_MESSAGES.flagOther]);

    const flagged = ok<Answer>(
      await as(member).call('updateAnswer', {
        params,
        body: { answerStatus: 'FLAGGED', flaggedReason: 'OUTDATED' },
      }),
      'flag',
    );
    expect(flagged).toMatchObject({ answerStatus: 'FLAGGED', flaggedReason: 'Outdated information' });
    expect((await search(owner, { view: 'NEEDS_REVIEW' })).items.map((a) => a.answerId)).toContain(
      mfa.answerId,
    );
    const viewerFlag = await as(viewer).call('updateAnswer', {
      params,
      body: { answerStatus: 'ARCHIVED' },
    });
    expect(viewerFlag.status).toBe(403);

    ok(await as(member).call('updateAnswer', { params, body: { answerStatus: 'ARCHIVED' } }), 'hide');
    expect((await search(owner, { view: 'ARCHIVE' })).items.map((a) => a.answerId)).toEqual([mfa.answerId]);
    const restored = ok<Answer>(
      await as(member).call('updateAnswer', { params, body: { answerStatus: 'IN-USE' } }),
      'restore',
    );
    expect(restored.answerStatus).toBe('IN-USE');
    expect(restored.flaggedReason).toBeUndefined();
  });

  it('edits an answer’s tags (each once, whatever the case), finds the answer by them, and keeps viewers out', async () => {
    // Prepare
    const params = { answerId: mfa.answerId };

    // Act
    const tagged = ok<Answer>(
      await as(member).call('updateAnswer', {
        params,
        body: { tags: ['Identity', 'Hardware keys', 'identity '] },
      }),
      'tags',
    );
    const semicolon = await as(member).call('updateAnswer', { params, body: { tags: ['a;b'] } });
    const byViewer = await as(viewer).call('updateAnswer', { params, body: { tags: [] } });

    // Assess
    expect(tagged.tags).toEqual(['Identity', 'Hardware keys']);
    expect(semicolon.status).toBe(400);
    expect(byViewer.status).toBe(403);
    expect((await search(owner, { searchTerm: 'hardware keys' })).items.map((a) => a.answerId)).toEqual([
      mfa.answerId,
    ]);
    const removed = ok<Answer>(
      await as(member).call('updateAnswer', { params, body: { tags: ['Identity'] } }),
      'remove a tag',
    );
    expect(removed.tags).toEqual(['Identity']);
  });

  it('keeps favourites per person, the viewer included', async () => {
    ok(
      await as(viewer).call('updateAnswer', {
        params: { answerId: mfa.answerId },
        body: { isFavourite: true },
      }),
      'favourite',
    );
    const mine = ok<Answer[]>(await as(viewer).call('listFavourites'), 'favourites');
    expect(mine.map((a) => a.answerId)).toEqual([mfa.answerId]);
    expect(mine[0].isFavourite).toBe(true);
    expect(ok<Answer[]>(await as(owner).call('listFavourites'), 'owner favourites')).toEqual([]);
    expect((await search(viewer, { view: 'FAVOURITES' })).items.map((a) => a.answerId)).toEqual([
      mfa.answerId,
    ]);
  });

  it('replaces the text with a version check, then deletes', async () => {
    const params = { answerId: mfa.answerId };
    const current = ok<{ answer: Answer }>(await as(owner).call('getAnswer', { params }), 'get').answer;
    const replaced = ok<Answer>(
      await as(owner).call('replaceAnswer', {
        params,
        body: {
          answer: 'Yes. MFA with hardware keys on every administrative account.',
          version: current.version,
        },
      }),
      'replace',
    );
    expect(replaced.version).toBe(current.version + 1);
    const stale = await as(owner).call('replaceAnswer', {
      params,
      body: { answer: 'A stale replacement that must not land.', version: current.version },
    });
    expect(stale.status).toBe(409);

    ok(await as(owner).call('deleteAnswer', { params }), 'delete');
    const gone = await as(owner).call('getAnswer', { params });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(LIBRARY_MESSAGES.notFound);
    // The viewer's favourite of it is gone with it.
    expect(ok<Answer[]>(await as(viewer).call('listFavourites'), 'favourites')).toEqual([]);
  });

  it('changes many answers at once, skipping ones that no longer exist', async () => {
    const ids = (await search(owner, { view: 'ALL' })).items.map((a) => a.answerId);
    const result = ok(
      await as(owner).call('bulkUpdateAnswers', {
        body: { answerIds: [...ids, 'deleted-meanwhile'], answerStatus: 'ARCHIVED' },
      }),
      'bulk',
    );
    expect(result).toEqual({ updated: ids.length });
    expect((await search(owner, { view: 'ARCHIVE' })).total).toBe(ids.length);
    ok(
      await as(owner).call('bulkUpdateAnswers', { body: { answerIds: ids, answerStatus: 'IN-USE' } }),
      'bulk',
    );
    const none = await as(owner).call('bulkUpdateAnswers', {
      body: { answerIds: ['deleted-meanwhile'], answerStatus: 'IN-USE' },
    });
    expect(none.status).toBe(404);
  });
});

describe('candidates', () => {
  async function projectWithQuestion(name: string, accessVisibility?: 'PRIVATE') {
    const { projectId } = ok(await as(owner).call('createProject', { body: { name } }), 'createProject');
    if (accessVisibility) {
      ok(
        await as(owner).call('updateProjectAccess', {
          params: { projectId },
          body: { accessVisibility, shareWith: [member.userId] },
        }),
        'updateProjectAccess',
      );
    }
    const { questionId } = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: { question: 'Are security logs retained for at least a year?' },
      }),
      'addQuestion',
    );
    return { projectId, questionId };
  }
  const save = async (params: { projectId: string; questionId: string }, body: Record<string, unknown>) => {
    ok(await as(member).call('updateQuestion', { params, body } as never), 'updateQuestion');
    await stack.settle();
  };
  const candidates = async () => ok<Candidate[]>(await as(owner).call('listCandidates'), 'listCandidates');

  it('turns a question saved with Include in Library into a candidate, then into an answer', async () => {
    // Prepare
    const params = await projectWithQuestion('Hooli onboarding');
    const answer = 'Yes: 13 months in the SIEM, then archived for six years.';

    // Act
    await save(params, { answer, responseClassification: 'COMPLIANT', includeInLibrary: true });

    // Assess
    const [candidate] = await candidates();
    expect(candidate).toMatchObject({
      questionId: params.questionId,
      projectName: 'Hooli onboarding',
      answer,
      responseClassification: 'COMPLIANT',
      authorId: member.userId,
    });
    expect((await as(member).call('listCandidates')).status).toBe(403);

    // Act: added to the library.
    const created = ok(
      await as(owner).call('updateCandidates', {
        body: { questionIds: [params.questionId], newStatus: 'CREATE' },
      }),
      'updateCandidates',
    );

    // Assess
    expect(created).toMatchObject({ created: 1, discarded: 0 });
    expect(await candidates()).toEqual([]);
    const { answer: stored } = ok<{ answer: Answer }>(
      await as(owner).call('getAnswer', { params: { answerId: created.answerIds[0] } }),
      'getAnswer',
    );
    expect(stored).toMatchObject({
      answer,
      originalQuestion: 'Are security logs retained for at least a year?',
      creationMethod: 'FROM_QUESTION',
      answerStatus: 'IN-USE',
      sourceProjectId: params.projectId,
      sourceQuestionId: params.questionId,
      createdByUserId: member.userId,
    });

    // A save that changes nothing offers nothing again; a new answer is a new candidate.
    await save(params, { answer });
    expect(await candidates()).toEqual([]);
    await save(params, { answer: `${answer} Reviewed by the DPO.` });
    expect((await candidates()).map((c) => c.questionId)).toEqual([params.questionId]);

    // Discarded; then withdrawn by taking the flag off.
    ok(
      await as(owner).call('updateCandidates', {
        body: { questionIds: [params.questionId], newStatus: 'DISCARD' },
      }),
      'discard',
    );
    expect(await candidates()).toEqual([]);
    await save(params, { answer: `${answer} Checked again.` });
    expect(await candidates()).toHaveLength(1);
    await save(params, { includeInLibrary: false });
    expect(await candidates()).toEqual([]);
  });

  it('makes one answer of one candidate however many CREATE calls race for it; the others 409', async () => {
    // Prepare
    const params = await projectWithQuestion('Initech renewal');
    const answer = 'Yes: every laptop runs full-disk encryption, checked by the MDM daily.';
    await save(params, { answer, includeInLibrary: true });
    expect((await candidates()).map((c) => c.questionId)).toEqual([params.questionId]);
    const body = { questionIds: [params.questionId], newStatus: 'CREATE' as const };

    // Act
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => as(owner).call('updateCandidates', { body })),
    );

    // Assess
    const created = calls.filter((c) => c.status === 200);
    expect(created).toHaveLength(1);
    expect(created[0].body.data).toMatchObject({ created: 1, discarded: 0 });
    for (const lost of calls.filter((c) => c.status !== 200)) {
      expect([404, 409]).toContain(lost.status);
      expect(lost.body).toEqual({ message: LIBRARY_MESSAGES.candidateNotFound });
    }
    const { items } = await search(owner, { view: 'ALL' }, { limit: 100 });
    expect(items.filter((a) => a.sourceQuestionId === params.questionId)).toHaveLength(1);
    expect(await candidates()).toEqual([]);
  });

  it('never offers a PRIVATE project’s answers', async () => {
    const params = await projectWithQuestion('Pied Piper (private)', 'PRIVATE');
    await save(params, { answer: 'Yes, for 400 days.', includeInLibrary: true });
    expect(await candidates()).toEqual([]);
  });

  it('hides a project’s candidates from everyone while it is PRIVATE, and withdraws one whose answer changes meanwhile', async () => {
    // Prepare: a TEAM project's candidate, seen by an admin who will not be on the project.
    const params = await projectWithQuestion('Raviga diligence');
    const answer = 'Yes: Raviga audit logs are kept 18 months in cold storage.';
    await save(params, { answer, includeInLibrary: true });
    const listFor = async (person: Person) =>
      ok<Candidate[]>(await as(person).call('listCandidates'), 'listCandidates').filter(
        (c) => c.projectId === params.projectId,
      );
    expect((await listFor(admin)).map((c) => c.answer)).toEqual([answer]);
    const access = async (accessVisibility: 'TEAM' | 'PRIVATE') => {
      ok(
        await as(owner).call('updateProjectAccess', {
          params: { projectId: params.projectId },
          body: { accessVisibility, shareWith: [member.userId] },
        }),
        'updateProjectAccess',
      );
      await stack.settle();
    };
    const create = (person: Person) =>
      as(person).call('updateCandidates', {
        body: { questionIds: [params.questionId], newStatus: 'CREATE' },
      });

    // Act: the project turns PRIVATE to the owner and the member, without the admin.
    await access('PRIVATE');

    // Assess: gone from the list for the admin, and for the owner on the project too (a decision
    // would put it in the team-wide library); neither can add it; no viewer finds it.
    expect(await listFor(admin)).toEqual([]);
    expect(await listFor(owner)).toEqual([]);
    const refused = await create(admin);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(LIBRARY_MESSAGES.candidateNotFound);
    expect((await create(owner)).status).toBe(404);
    expect((await search(viewer, { searchTerm: 'Raviga audit logs' })).items).toEqual([]);

    // Act: TEAM again.
    await access('TEAM');

    // Assess: back as it was.
    expect((await listFor(admin)).map((c) => c.answer)).toEqual([answer]);

    // Act: PRIVATE again, and the answer changes there.
    await access('PRIVATE');
    await save(params, { answer: `${answer} Only for Raviga.` });
    await access('TEAM');

    // Assess: the old answer is no longer offered; the next save offers the current one.
    expect(await listFor(admin)).toEqual([]);
    await save(params, { answer: `${answer} Reviewed.` });
    expect((await listFor(admin)).map((c) => c.answer)).toEqual([`${answer} Reviewed.`]);
  });
});

describe('usage', () => {
  it('records each question an answer is used on, counted once, and shows it only where the caller may look', async () => {
    // Prepare: an answer of the library, and two projects (one PRIVATE to the owner and the member).
    const backups = (await search(owner, { searchTerm: 'backups taken' })).items[0];
    const question = async (name: string, visibility?: 'PRIVATE') => {
      const { projectId } = ok(await as(owner).call('createProject', { body: { name } }), 'createProject');
      if (visibility)
        ok(
          await as(owner).call('updateProjectAccess', {
            params: { projectId },
            body: { accessVisibility: visibility, shareWith: [member.userId] },
          }),
          'access',
        );
      const { questionId } = ok(
        await as(owner).call('addQuestion', {
          params: { projectId },
          body: { question: 'How long do you keep backups of customer data?' },
        }),
        'addQuestion',
      );
      return { projectId, questionId };
    };
    const open = await question('Umbrella renewal');
    const hidden = await question('Soylent (private)', 'PRIVATE');
    const use = async (params: { projectId: string; questionId: string }) => {
      ok(
        await as(member).call('updateQuestion', {
          params,
          body: { answer: backups.answer, libraryAnswerId: backups.answerId },
        }),
        'updateQuestion',
      );
      await stack.settle();
    };

    // Act
    await use(open);
    await use(open);
    await use(hidden);

    // Assess
    const seen = ok<{ answer: Answer; usage: Array<{ projectId: string; project: { name: string } }> }>(
      await as(owner).call('getAnswer', { params: { answerId: backups.answerId } }),
      'getAnswer',
    );
    expect(seen.answer.usageCount).toBe(2);
    expect(seen.answer.lastUsedAt).toBeDefined();
    expect(seen.usage.map((u) => u.project.name).sort()).toEqual(['Soylent (private)', 'Umbrella renewal']);
    const viewerSees = ok<{ usage: Array<{ projectId: string; answeredByUserId: string }> }>(
      await as(viewer).call('getAnswer', { params: { answerId: backups.answerId } }),
      'getAnswer as viewer',
    );
    expect(viewerSees.usage).toEqual([
      expect.objectContaining({ projectId: open.projectId, answeredByUserId: member.userId }),
    ]);
  });
});

describe('in the answering screen', () => {
  it('suggests the best answers for a question, searches from it, and hides archived answers', async () => {
    // Prepare
    const { projectId } = ok(
      await as(owner).call('createProject', { body: { name: 'Vandelay due diligence' } }),
      'p',
    );
    const { questionId } = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: {
          question: 'How frequently are backups of customer data taken, and for how long are they kept?',
        },
      }),
      'addQuestion',
    );
    const params = { projectId, questionId };
    type Suggestion = {
      answerId: string;
      originalQuestion: string;
      frequentlyUsed: boolean;
      questions: unknown[];
    };

    // Act
    const suggested = ok<Suggestion[]>(
      await as(viewer).call('listSuggestions', { params }),
      'listSuggestions',
    );
    const searched = ok<Suggestion[]>(
      await as(viewer).call('searchAnswers', { params, body: { searchQuery: 'least privilege access' } }),
      'searchAnswers',
    );
    const empty = ok<Suggestion[]>(
      await as(viewer).call('searchAnswers', { params, body: { searchQuery: '   ' } }),
      'searchAnswers empty',
    );

    // Assess
    expect(suggested[0]).toMatchObject({ originalQuestion: BACKUPS.question, frequentlyUsed: false });
    expect(suggested[0].questions).toHaveLength(1);
    expect(searched[0].originalQuestion).toBe(LEAST_PRIVILEGE.question);
    expect(empty).toEqual([]);

    // Hidden (archived) from the suggestions, then back.
    const backupsId = suggested[0].answerId;
    ok(
      await as(member).call('updateAnswer', {
        params: { answerId: backupsId },
        body: { answerStatus: 'ARCHIVED' },
      }),
      'hide',
    );
    const afterHide = ok<Suggestion[]>(
      await as(viewer).call('listSuggestions', { params }),
      'listSuggestions',
    );
    expect(afterHide.map((s) => s.answerId)).not.toContain(backupsId);
    ok(
      await as(member).call('updateAnswer', {
        params: { answerId: backupsId },
        body: { answerStatus: 'IN-USE' },
      }),
      'undo hide',
    );
    expect(
      ok<Suggestion[]>(await as(viewer).call('listSuggestions', { params }), 'listSuggestions')[0].answerId,
    ).toBe(backupsId);
  });

  it('keeps each team’s suggestion index in step with its library through the stream', async () => {
    // Prepare
    const { projectId } = ok(
      await as(owner).call('createProject', { body: { name: 'Globex renewal' } }),
      'p',
    );
    const { questionId } = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: { question: 'Do you run a vulnerability disclosure or bug bounty programme?' },
      }),
      'addQuestion',
    );
    const params = { projectId, questionId };
    const DISCLOSURE = {
      question: 'Do you have a vulnerability disclosure process?',
      answer:
        'Yes. Anyone can report a vulnerability to our security contact; we reply within two working days.',
    };
    const suggested = async () =>
      ok<Array<{ answerId: string; originalQuestion: string }>>(
        await as(viewer).call('listSuggestions', { params }),
        'listSuggestions',
      );

    const pointer = async () =>
      (
        await documentClient.send(
          new GetCommand({
            TableName: stack.env.TABLE_NAME,
            Key: { pk: `TEAM#${owner.teamId}#LIBRARY`, sk: 'INDEX' },
          }),
        )
      ).Item;
    const before = (await pointer())?.version ?? 0;

    // Act
    ok(
      await as(owner).call('importAnswers', { body: { items: [DISCLOSURE], creationMethod: 'MANUALLY' } }),
      'add',
    );

    // Assess: the stream writes a new version of the team's index, and the suggestion comes from it.
    await expect.poll(async () => (await pointer())?.version ?? 0).toBeGreaterThan(before);
    const first = await pointer();
    expect(first?.objectKey).toMatch(/^library-index\//);
    expect(first?.documents).toBeGreaterThan(0);
    expect((await suggested())[0].originalQuestion).toBe(DISCLOSURE.question);

    // An index saved by an earlier analysis (here MiniSearch's own format, holding another entry) is
    // not trusted: the function builds the index again from the table.
    const stale = new MiniSearch({ idField: 'answerId', fields: ['originalQuestion', 'answer'] });
    stale.add({
      answerId: 'stale',
      originalQuestion: 'Do you have a vulnerability disclosure process?',
      answer: '',
    });
    const staleKey = `library-index/${owner.teamId}/stale.json`;
    await writeObjectBytes(staleKey, new TextEncoder().encode(JSON.stringify(stale)), 'application/json');
    await documentClient.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: { ...first, version: Number(first?.version) + 1, objectKey: staleKey },
      }),
    );
    expect((await suggested())[0].originalQuestion).toBe(DISCLOSURE.question);

    // Deleted: a new version without it.
    const { answerId } = (await suggested())[0];
    ok(await as(owner).call('deleteAnswer', { params: { answerId } }), 'delete');
    await expect.poll(async () => (await pointer())?.version).toBeGreaterThan(first?.version);
    expect((await suggested()).map((s) => s.answerId)).not.toContain(answerId);
  });
});

describe('the glossary', () => {
  it('keeps the team’s terms, unique by name, and lists the ones a question uses first', async () => {
    // Prepare
    const rpo = ok(
      await as(owner).call('createTerm', {
        body: {
          term: 'RPO',
          definition: 'Recovery point objective: the most data, in time, a restore may lose.',
          links: ['https://en.wikipedia.org/wiki/Disaster_recovery'],
        },
      }),
      'createTerm',
    );
    ok(
      await as(owner).call('createTerm', {
        body: { term: 'SIEM', definition: 'Security information and event management.' },
      }),
      'createTerm',
    );
    const { projectId } = ok(await as(owner).call('createProject', { body: { name: 'Wonka audit' } }), 'p');
    const { questionId } = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: { question: 'What are your RPO and RTO for the production database?' },
      }),
      'addQuestion',
    );

    // Act
    const duplicate = await as(owner).call('createTerm', { body: { term: 'rpo', definition: 'Again.' } });
    const badLink = await as(owner).call('createTerm', {
      body: { term: 'RTO', definition: 'Recovery time objective.', links: ['javascript:alert(1)'] },
    });
    const forQuestion = ok<Array<{ term: string; inQuestion: boolean }>>(
      await as(viewer).call('listQuestionTerms', { params: { projectId, questionId } }),
      'listQuestionTerms',
    );

    // Assess
    expect(duplicate.status).toBe(400);
    expect(badLink.status).toBe(400);
    expect(forQuestion.map((t) => [t.term, t.inQuestion])).toEqual([
      ['RPO', true],
      ['SIEM', false],
    ]);
    expect(
      (await as(member).call('createTerm', { body: { term: 'EDR', definition: 'Endpoint detection.' } }))
        .status,
    ).toBe(403);
    const changed = ok<{ definition: string }>(
      await as(owner).call('updateTerm', {
        params: { termId: rpo.termId },
        body: { term: 'RPO', definition: 'Recovery point objective: at most 15 minutes of data for us.' },
      }),
      'updateTerm',
    );
    expect(changed.definition).toContain('15 minutes');
    ok(await as(owner).call('deleteTerm', { params: { termId: rpo.termId } }), 'deleteTerm');
    expect(ok<unknown[]>(await as(viewer).call('listTerms'), 'listTerms')).toHaveLength(1);
  });
});

describe('live updates', () => {
  it('tells every member of the team, once per batch, that the library changed', async () => {
    // Prepare
    const watcher = await connectLiveSocket(stack.appUrl, viewer.token, 'viewer-watching-library');
    resources.add(() => watcher.socket.close());

    // Act: forty answers in one import.
    const items = Array.from({ length: 40 }, (_, i) => ({
      question: `Imported question number ${i + 1} about vendor risk?`,
      answer: `Imported answer number ${i + 1}: reviewed by the security team every year.`,
    }));
    ok(await as(owner).call('importAnswers', { body: { items } }), 'importAnswers');
    await stack.settle();

    // Assess
    const events = watcher.received.filter((m) => m.eventName === 'LIBRARY_UPDATED');
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThan(40);
    expect(events.reduce((n, e) => n + (e.data as { changes: number }).changes, 0)).toBe(40);
    expect(events[0].scope).toEqual({ kind: 'team', id: owner.teamId });
  });
});

describe('collections', () => {
  it('creates, fills, searches, renames and empties a collection', async () => {
    const ids = (await search(owner, { view: 'ALL' })).items.map((a) => a.answerId);
    const created = ok(
      await as(owner).call('createCollection', { body: { collectionName: 'SOC 2 evidence' } }),
      'createCollection',
    );
    const duplicate = await as(owner).call('createCollection', {
      body: { collectionName: 'soc 2 EVIDENCE' },
    });
    expect(duplicate.status).toBe(400);

    const params = { collectionId: created.collectionId };
    const filled = ok(
      await as(owner).call('updateCollection', { params, body: { addAnswerIds: ids.slice(0, 2) } }),
      'fill',
    );
    expect(filled).toMatchObject({ collectionName: 'SOC 2 evidence', answerCount: 2 });
    const listed = await search(member, { collectionId: created.collectionId });
    expect(listed.items.map((a) => a.answerId).sort()).toEqual(ids.slice(0, 2).sort());

    const renamed = ok(
      await as(owner).call('updateCollection', {
        params,
        body: { collectionName: 'SOC 2 Type II', removeAnswerIds: [ids[0]] },
      }),
      'rename',
    );
    expect(renamed).toMatchObject({ collectionName: 'SOC 2 Type II', answerCount: 1 });
    expect(ok(await as(viewer).call('listCollections'), 'listCollections')).toEqual([renamed]);
    const unknown = await as(owner).call('searchLibrary', { body: { collectionId: 'no-such-collection' } });
    expect(unknown.status).toBe(404);
  });
});

describe('the importer’s file', () => {
  it('reads an uploaded workbook’s sheets in the processing job, as the user sees them, and keeps nothing', async () => {
    // Prepare: a library export as a customer team keeps it, with an instructions sheet.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Read me').addRow(['Answers approved by the security team']);
    const sheet = workbook.addWorksheet('Library');
    sheet.addRow(['Question', 'Answer', 'Tags', 'Compliance']);
    sheet.addRow([MFA.question, MFA.answer, 'Access control; MFA', 'Yes']);
    sheet.addRow([BACKUPS.question, BACKUPS.answer, 'Backups', 'Yes']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    // Act: complete answers before the file is read; the job reads it.
    const { answerSourceId, completed, state } = await readLibraryFile(
      as(owner),
      'Approved answers.xlsx',
      bytes,
    );

    // Assess
    expect(completed).toEqual({ answerSourceId, status: 'PROCESSING' });
    expect(state.status).toBe('READY');
    const file = state.file as NonNullable<typeof state.file>;
    expect(file.sheets.map((s) => s.sheetName)).toEqual(['Read me', 'Library']);
    expect(file.sheets[1].rows).toEqual([
      ['Question', 'Answer', 'Tags', 'Compliance'],
      [MFA.question, MFA.answer, 'Access control; MFA', 'Yes'],
      [BACKUPS.question, BACKUPS.answer, 'Backups', 'Yes'],
    ]);
    expect(file.sheets[1].truncated).toBe(false);
    const again = await as(owner).call('completeLibraryUpload', { params: { answerSourceId } });
    expect(again.status).toBe(404);
    expect(await readObjectBytes(`library/${owner.teamId}/${answerSourceId}`)).toBeNull();
    const unknown = await as(owner).call('getLibraryUpload', {
      params: { answerSourceId: '8d0c6f2e-3f5b-4c1a-9f7e-2b6d1e0a4c3b' },
    });
    expect(unknown.status).toBe(404);
    expect((await as(viewer).call('getLibraryUpload', { params: { answerSourceId } })).status).toBe(403);
  });

  it('refuses a workbook that would amplify memory, in the job, with the reason', async () => {
    // Prepare: about 1 MB each — a 100 MB shared string and a sheet of 100 MB, both declared as 4 KB.
    const sharedString = hugeSharedStringXlsx(100 * 1024 * 1024, 4096);
    const lyingSheet = lyingSizesXlsx(100 * 1024 * 1024);

    // Act
    const first = await readLibraryFile(as(owner), 'Huge answer.xlsx', sharedString);
    const second = await readLibraryFile(as(owner), 'Lying sizes.xlsx', lyingSheet);

    // Assess
    expect(first.completed.status).toBe('PROCESSING');
    expect(first.state).toEqual({
      answerSourceId: first.answerSourceId,
      status: 'FAILED',
      failureReason: REASONS.sharedStringsTooBig,
    });
    expect(second.state).toMatchObject({ status: 'FAILED', failureReason: REASONS.worksheetTooBig });
    expect(await readObjectBytes(`library/${owner.teamId}/${first.answerSourceId}`)).toBeNull();
  }, 60_000);

  it('refuses what is not a spreadsheet, by its bytes, with the spec’s message', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj << /Type /Catalog >> endobj\n');
    const answerSourceId = await uploadLibraryFile(as(owner), 'answers.xlsx', pdf);
    const refused = await as(owner).call('completeLibraryUpload', { params: { answerSourceId } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(SOURCE_MESSAGES.uploadError);
    const named = await as(owner).call('requestLibraryUpload', {
      body: { fileName: 'answers.pdf', contentType: 'application/pdf' },
    });
    expect(named.status).toBe(400);
    expect(
      (
        await as(member).call('requestLibraryUpload', {
          body: { fileName: 'answers.csv', contentType: 'text/csv' },
        })
      ).status,
    ).toBe(403);
    const foreign = await as(owner).call('completeLibraryUpload', {
      params: { answerSourceId: '8d0c6f2e-3f5b-4c1a-9f7e-2b6d1e0a4c3b' },
    });
    expect(foreign.status).toBe(404);
  });
});
