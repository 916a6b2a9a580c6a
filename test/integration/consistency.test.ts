/**
 * The consistency check of a questionnaire through the local gateway (issue 28 part 3): two
 * answers of a project that contradict make one finding naming both questions; fixing one clears
 * it live (recomputed from the stream, CONSISTENCY_UPDATED on the project's scope); a dismissal's
 * reason is kept in the questions' activity and survives a new check while the answers stay; an
 * answer contradicting the library's approved answer for the same question is found; viewers read
 * but may not dismiss; a PRIVATE project's findings answer 404 to anyone not on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsistencyReport } from '../../shared/schemas/consistency';
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
let viewer: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('cora@initech.test', 'Initech Trust', { givenName: 'Cora', lastName: 'Check' });
  member = await join(owner, 'mo@initech.test', 'ROLE_MEMBER', { givenName: 'Morgan', lastName: 'Member' });
  viewer = await join(owner, 'vi@initech.test', 'ROLE_VIEWER', { givenName: 'Vivian', lastName: 'Viewer' });
}, 180_000);

afterAll(() => resources.stopAll());

/** A project with these questions, unanswered. */
async function project(name: string, items: Array<{ question: string }>) {
  const { projectId } = ok(await as(owner).call('createProject', { body: { name } }), 'createProject');
  const ids: string[] = [];
  for (const item of items) {
    const { questionId } = ok(
      await as(owner).call('addQuestion', { params: { projectId }, body: { question: item.question } }),
      'addQuestion',
    );
    ids.push(questionId);
  }
  return { projectId, ids };
}

async function answer(projectId: string, questionId: string, text: string) {
  ok(
    await as(member).call('updateQuestion', { params: { projectId, questionId }, body: { answer: text } }),
    'updateQuestion',
  );
}

const check = async (projectId: string, person = owner) =>
  ok<ConsistencyReport>(
    await as(person).call('checkConsistency', { params: { projectId } }),
    'checkConsistency',
  );
const report = async (projectId: string, person = owner) =>
  ok<ConsistencyReport>(await as(person).call('getConsistency', { params: { projectId } }), 'getConsistency');

const MFA_ENFORCED = { question: 'Is multi-factor authentication required for all employees?' };
const MFA_OPTIONAL = { question: 'How do staff sign in to company systems?' };
const UNRELATED = { question: 'Where is customer data hosted?' };

async function contradictingProject(name: string) {
  const made = await project(name, [MFA_ENFORCED, MFA_OPTIONAL, UNRELATED]);
  const [enforced, optional, hosted] = made.ids;
  await answer(made.projectId, enforced, 'Yes. MFA is enforced for all users through our identity provider.');
  await answer(made.projectId, optional, 'Staff sign in with Google Workspace; MFA is optional.');
  await answer(made.projectId, hosted, 'In AWS ap-southeast-2 (Sydney).');
  await stack.settle();
  return { projectId: made.projectId, enforced, optional, hosted };
}

describe('consistency check', () => {
  it('names both questions of two contradicting answers in one finding', async () => {
    // Prepare
    const { projectId, enforced, optional } = await contradictingProject('Initech MFA review');
    expect((await report(projectId)).checkedAt).toBeUndefined();

    // Act
    const found = await check(projectId);

    // Assess
    expect(found.checkedAt).toEqual(expect.any(String));
    expect(found.openCount).toBe(1);
    expect(found.findings).toHaveLength(1);
    expect(found.findings[0]).toMatchObject({
      kind: 'PAIR',
      concept: 'Multi-factor authentication',
      status: 'OPEN',
      a: {
        questionId: enforced,
        question: MFA_ENFORCED.question,
        phrase: 'MFA is enforced for all users through our identity provider',
      },
      b: { questionId: optional, question: MFA_OPTIONAL.question, phrase: 'MFA is optional' },
    });
    // Stored: a read answers the same findings.
    expect(await report(projectId)).toEqual(found);
  });

  it('clears the finding live when one of the answers is fixed', async () => {
    // Prepare
    const { projectId, optional } = await contradictingProject('Initech live fix');
    expect((await check(projectId)).openCount).toBe(1);
    const watcher = await connectLiveSocket(stack.appUrl, owner.token, 'owner-watching-consistency');
    resources.add(() => watcher.socket.close());
    watcher.socket.send(JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: projectId } }));
    await watcher.waitFor((m) => m.eventName === 'WS-SUBSCRIBED');

    // Act
    await answer(
      projectId,
      optional,
      'Staff sign in with Google Workspace, where MFA is enforced for everyone.',
    );
    await stack.settle();

    // Assess
    const event = await watcher.waitFor((m) => m.eventName === 'CONSISTENCY_UPDATED');
    expect(event).toMatchObject({
      data: { projectId, openCount: 0 },
      scope: { kind: 'project', id: projectId },
    });
    expect(await report(projectId)).toMatchObject({ openCount: 0, findings: [] });

    // Act: the contradiction comes back; the check follows it.
    await answer(projectId, optional, 'MFA is optional for staff.');
    await stack.settle();

    // Assess
    await expect.poll(async () => (await report(projectId)).openCount).toBe(1);
  });

  it('keeps a dismissal and its reason in both questions’ activity, until the answers change', async () => {
    // Prepare
    const { projectId, enforced, optional, hosted } = await contradictingProject('Initech dismissal');
    const [finding] = (await check(projectId)).findings;
    const reason = 'Contractors are outside the identity provider; the contract covers employees only.';

    // Act
    const dismissed = ok<ConsistencyReport>(
      await as(member).call('dismissFinding', {
        params: { projectId },
        body: { findingId: finding.findingId, reason },
      }),
      'dismissFinding',
    );

    // Assess
    expect(dismissed.openCount).toBe(0);
    expect(dismissed.findings[0]).toMatchObject({
      findingId: finding.findingId,
      status: 'DISMISSED',
      dismissedReason: reason,
      dismissedByUserId: member.userId,
    });
    for (const questionId of [enforced, optional]) {
      const activity = ok<Array<{ activityDescription: string; createdByUserId?: string }>>(
        await as(owner).call('listActivity', { params: { projectId, questionId } }),
        'listActivity',
      );
      expect(activity.find((a) => a.activityDescription.includes(reason))).toMatchObject({
        createdByUserId: member.userId,
        activityDescription: expect.stringContaining(
          'dismissed a consistency finding on Multi-factor authentication',
        ),
      });
    }
    // A new check keeps the dismissal while the answers are the same.
    expect((await check(projectId)).findings[0]).toMatchObject({
      status: 'DISMISSED',
      dismissedReason: reason,
    });
    // Another answer changing does not reopen it; one of its own answers changing does.
    await answer(projectId, hosted, 'In AWS ap-southeast-2 and ap-southeast-4.');
    await stack.settle();
    expect((await report(projectId)).findings[0]).toMatchObject({ status: 'DISMISSED' });
    await answer(projectId, optional, 'MFA is optional for all staff.');
    await stack.settle();
    await expect.poll(async () => (await report(projectId)).findings[0]?.status).toBe('OPEN');
  });

  it('refuses a dismissal without a reason, or of a finding that is gone, with a clear message', async () => {
    // Prepare
    const { projectId } = await contradictingProject('Initech bad dismissals');
    const [finding] = (await check(projectId)).findings;

    // Act
    const blank = await as(owner).call('dismissFinding', {
      params: { projectId },
      body: { findingId: finding.findingId, reason: '   ' },
    });
    const gone = await as(owner).call('dismissFinding', {
      params: { projectId },
      body: { findingId: 'no-such-finding', reason: 'Fine' },
    });

    // Assess
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Please say why this finding can be dismissed');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('That finding no longer exists: the answers changed since the check');
  });

  it('finds an answer that contradicts the library’s approved answer for the same question', async () => {
    // Prepare
    ok(
      await as(owner).call('importAnswers', {
        body: {
          items: [
            {
              question: 'Is customer data encrypted at rest?',
              answer: 'Yes. All customer data is encrypted at rest with AES-256, keys held in AWS KMS.',
            },
          ],
          creationMethod: 'MANUALLY',
        },
      }),
      'importAnswers',
    );
    await stack.settle();
    const { projectId, ids } = await project('Initech library check', [
      { question: 'Is customer data encrypted at rest?' },
    ]);
    await answer(
      projectId,
      ids[0],
      'No. Customer data is not encrypted at rest; the data centre is physically secured.',
    );
    await stack.settle();

    // Act
    const found = await check(projectId);

    // Assess
    expect(found.findings).toHaveLength(1);
    expect(found.findings[0]).toMatchObject({
      kind: 'LIBRARY',
      concept: 'Encryption at rest',
      a: { questionId: ids[0], phrase: 'Customer data is not encrypted at rest' },
      b: {
        answerId: expect.any(String),
        question: 'Is customer data encrypted at rest?',
        phrase: 'All customer data is encrypted at rest with AES-256, keys held in AWS KMS',
      },
    });

    // Act: the library's answer is archived; the checked project follows, from the stream.
    const answerId = found.findings[0].b.answerId as string;
    ok(
      await as(owner).call('updateAnswer', { params: { answerId }, body: { answerStatus: 'ARCHIVED' } }),
      'updateAnswer',
    );
    await stack.settle();

    // Assess: no approved answer left to contradict.
    const after = await report(projectId);
    expect(after.findings).toEqual([]);
    expect(after.openCount).toBe(0);
  });

  it('lets viewers read but not dismiss, and hides a PRIVATE project’s findings from anyone not on it', async () => {
    // Prepare
    const { projectId } = await contradictingProject('Initech private review');
    const [finding] = (await check(projectId)).findings;
    const { version } = ok<{ version: number }>(
      await as(owner).call('getProject', { params: { projectId } }),
      'getProject',
    );

    // Act
    const viewerReads = await as(viewer).call('getConsistency', { params: { projectId } });
    const viewerDismisses = await as(viewer).call('dismissFinding', {
      params: { projectId },
      body: { findingId: finding.findingId, reason: 'Not mine to say' },
    });
    ok(
      await as(owner).call('updateProjectAccess', {
        params: { projectId },
        body: { accessVisibility: 'PRIVATE', shareWith: [], version },
      }),
      'updateProjectAccess',
    );
    const outsider = await Promise.all([
      as(member).call('getConsistency', { params: { projectId } }),
      as(member).call('checkConsistency', { params: { projectId } }),
      as(member).call('dismissFinding', {
        params: { projectId },
        body: { findingId: finding.findingId, reason: 'Let me in' },
      }),
    ]);

    // Assess
    expect(viewerReads.status).toBe(200);
    expect(viewerReads.body.data.openCount).toBe(1);
    expect(viewerDismisses.status).toBe(403);
    expect(outsider.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(JSON.stringify(outsider.map((r) => r.body))).not.toContain(MFA_ENFORCED.question);
    // The owner, on the project, still reads them.
    expect((await report(projectId)).openCount).toBe(1);
  });
});
