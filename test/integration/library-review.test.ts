/**
 * Owners and review cycles of the library (issue 28 part 1) through the local gateway: the team's
 * cycle gives each answer its review-by day (or the answer's own day does), the hourly job moves
 * what has come due to Needs Review once, its owner gets a notification and — with the switch
 * "Library answers due for review" on — an e-mail, Confirm unchanged and an edit record the review
 * in the answer's history and move the day on, the weekly digest, and who may change what.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigests } from '../../functions/library/review/digest-job';
import { checkReviews } from '../../functions/library/review/due-job';
import { answersDueBy } from '../../functions/library/review/repo';
import type { Answer, AnswerPage } from '../../shared/schemas/answer';
import { addDays, addMonths, REVIEW_DUE_REASON, type ReviewHistoryEntry } from '../../shared/schemas/review';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { mailTo } from '../support/mail';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
let viewer: Person;
let admin: Person;
const as = (person: Person) => api.as(person.token);
const today = () => new Date().toISOString().slice(0, 10);
const DUE_SUBJECT = 'A library answer you own is due for review';

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

async function addAnswer(person: Person, question: string, answer: string) {
  const added = ok(
    await as(person).call('importAnswers', {
      body: { items: [{ question, answer }], creationMethod: 'MANUALLY' },
    }),
    'add',
  );
  await stack.settle();
  return added.answerIds[0] as string;
}
const read = async (answerId: string, person = owner) =>
  ok(await as(person).call('getAnswer', { params: { answerId } }), 'getAnswer').answer as Answer;
const history = async (answerId: string) =>
  ok<ReviewHistoryEntry[]>(await as(owner).call('listAnswerHistory', { params: { answerId } }), 'history');
const setCycle = async (cycle: 3 | 6 | 12 | null) => {
  ok(await as(owner).call('updateTeamSettings', { body: { libraryReviewCycle: cycle } }), 'cycle');
  await stack.settle();
};
const setReviewBy = async (answerId: string, body: Record<string, unknown>, person = owner) =>
  as(person).call('updateAnswerReview', { params: { answerId }, body } as never);

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('rhea@umbrella.test', 'Umbrella Assurance', {
    givenName: 'Rhea',
    lastName: 'Owner',
  });
  [member, viewer, admin] = await Promise.all([
    join(owner, 'milo@umbrella.test', 'ROLE_MEMBER', { givenName: 'Milo', lastName: 'Member' }),
    join(owner, 'vic@umbrella.test', 'ROLE_VIEWER', { givenName: 'Vic', lastName: 'Viewer' }),
    join(owner, 'ada@umbrella.test', 'ROLE_ADMIN', { givenName: 'Ada', lastName: 'Admin' }),
  ]);
}, 180_000);

afterAll(() => resources.stopAll());

describe('review-by days', () => {
  it('has no review-by day without a cycle; the cycle gives last review + months, and follows a change of cycle', async () => {
    // Prepare
    const answerId = await addAnswer(
      owner,
      'Are penetration tests performed by an independent party?',
      'Yes, an accredited firm tests the platform every year and after major changes.',
    );
    const none = await read(answerId);

    // Act
    await setCycle(6);
    const six = await read(answerId);
    await setCycle(3);
    const three = await read(answerId);

    // Assess
    expect(none.nextReviewOn).toBeUndefined();
    expect(none.ownerUserId).toBe(owner.userId);
    const created = none.createdAt.slice(0, 10);
    expect(six.nextReviewOn).toBe(addMonths(created, 6));
    expect(three.nextReviewOn).toBe(addMonths(created, 3));
    const settings = ok(await as(owner).call('getTeamSettings'), 'settings');
    expect(settings.libraryReviewCycle).toBe(3);
  });

  it("an answer's own day wins over the cycle; clearing it falls back to the cycle", async () => {
    // Prepare
    await setCycle(12);
    const answerId = await addAnswer(
      owner,
      'Do you maintain an asset inventory of production systems?',
      'Yes, generated daily from our cloud accounts and reviewed monthly.',
    );
    const day = addDays(today(), 10);

    // Act
    const set = ok<Answer>(await setReviewBy(answerId, { reviewByOn: day }), 'set');
    const cleared = ok<Answer>(await setReviewBy(answerId, { reviewByOn: null }), 'clear');

    // Assess
    expect(set).toMatchObject({ reviewByOn: day, nextReviewOn: day });
    expect(cleared.reviewByOn).toBeUndefined();
    expect(cleared.nextReviewOn).toBe(addMonths(cleared.createdAt.slice(0, 10), 12));
    await stack.settle();
    expect((await history(answerId)).map((h) => h.kind)).toEqual(['REVIEW_DATE_SET', 'REVIEW_DATE_SET']);
  });

  it('refuses an impossible day (400), an owner from outside the team (422), and a member or viewer changing owners, days or the cycle (403)', async () => {
    // Prepare
    const answerId = await addAnswer(
      owner,
      'Is customer data segregated between tenants?',
      'Yes, every tenant has its own encryption key and logical partition.',
    );

    // Act
    const badDay = await setReviewBy(answerId, { reviewByOn: '2026-02-30' });
    const stranger = await setReviewBy(answerId, { ownerUserId: 'user-not-in-team' });
    const byMember = await setReviewBy(answerId, { ownerUserId: member.userId }, member);
    const cycleByMember = await as(member).call('updateTeamSettings', { body: { libraryReviewCycle: 6 } });
    const badCycle = await as(owner).call('updateTeamSettings', { body: { libraryReviewCycle: 5 } } as never);

    // Assess
    expect(badDay.status).toBe(400);
    expect(stranger.status).toBe(422);
    expect(stranger.body.message).toBe('Choose a member of the team as the owner');
    expect(byMember.status).toBe(403);
    expect(cycleByMember.status).toBe(403);
    expect(badCycle.status).toBe(400);
  });
});

describe('coming due', () => {
  it('moves due answers to Needs Review once, tells each owner, e-mails only owners whose switch is on', async () => {
    // Prepare: one answer owned by the member (switch on by default), one by the admin (switch off).
    await setCycle(6);
    const milos = await addAnswer(
      owner,
      'Are employees trained on security awareness every year?',
      'Yes, every employee completes training at hiring and annually, tracked to completion.',
    );
    const adas = await addAnswer(
      owner,
      'Do you have a documented incident response plan?',
      'Yes, tested twice a year with tabletop exercises and reviewed after every incident.',
    );
    const yesterday = addDays(today(), -1);
    ok(await setReviewBy(milos, { ownerUserId: member.userId, reviewByOn: yesterday }), 'milo owns');
    ok(await setReviewBy(adas, { ownerUserId: admin.userId, reviewByOn: yesterday }), 'ada owns');
    ok(
      await as(admin).call('updateUserSettings', { body: { sendEmailOnLibraryReviewDue: false } }),
      'switch off',
    );
    await stack.settle();
    const milosMailBefore = (await mailTo(stack, member.email)).length;

    // Act: the hourly job, twice.
    const first = await checkReviews();
    const second = await checkReviews();
    await stack.settle();

    // Assess
    expect(first.flagged).toBeGreaterThanOrEqual(2);
    expect(second.flagged).toBe(0);
    for (const answerId of [milos, adas]) {
      expect(await read(answerId)).toMatchObject({
        answerStatus: 'FLAGGED',
        flaggedReason: REVIEW_DUE_REASON,
      });
    }
    const milosMail = (await mailTo(stack, member.email)).slice(milosMailBefore);
    expect(milosMail.map((m) => m.subject)).toEqual([DUE_SUBJECT]);
    expect(milosMail[0].text).toContain('Are employees trained on security awareness every year?');
    expect(await mailTo(stack, admin.email, (m) => m.subject === DUE_SUBJECT)).toEqual([]);
    const notes = (who: Person) =>
      as(who)
        .call('listNotifications')
        .then((r) => ok<Array<{ title: string }>>(r, 'notes').filter((n) => n.title === DUE_SUBJECT));
    expect(await notes(member)).toHaveLength(1);
    expect(await notes(admin)).toHaveLength(1);
    expect(await notes(owner)).toHaveLength(0);
    const due = ok<AnswerPage>(
      await as(viewer).call('searchLibrary', { body: { view: 'DUE_FOR_REVIEW' } } as never),
      'due view',
    );
    expect(due.items.map((a) => a.answerId)).toEqual(expect.arrayContaining([milos, adas]));
    const summary = ok(await as(member).call('getReviewSummary'), 'summary');
    expect(summary.overdue).toBeGreaterThanOrEqual(2);
    expect(summary.mine).toBe(1);
    expect((await history(milos)).map((h) => h.kind)).toContain('DUE');
  });

  it('Confirm unchanged (ANSWER_QUESTION) records the review, moves the day on and makes it Available; a viewer may not', async () => {
    // Prepare
    const answerId = await addAnswer(
      owner,
      'Are production changes approved before deployment?',
      'Yes, every change is peer reviewed and approved in the pull request before release.',
    );
    ok(
      await setReviewBy(answerId, { ownerUserId: member.userId, reviewByOn: addDays(today(), -3) }),
      'owner',
    );
    await checkReviews();
    await stack.settle();

    // Act
    const byViewer = await as(viewer).call('confirmAnswer', { params: { answerId }, body: {} });
    const confirmed = ok<Answer>(
      await as(member).call('confirmAnswer', { params: { answerId }, body: {} }),
      'confirm',
    );
    await stack.settle();

    // Assess
    expect(byViewer.status).toBe(403);
    expect(confirmed).toMatchObject({
      answerStatus: 'IN-USE',
      lastReviewedByUserId: member.userId,
      nextReviewOn: addMonths(today(), 6),
    });
    expect(confirmed.reviewByOn).toBeUndefined();
    expect(confirmed.flaggedReason).toBeUndefined();
    const steps = await history(answerId);
    expect(steps[0]).toMatchObject({
      kind: 'CONFIRMED',
      byUserId: member.userId,
      nextReviewOn: addMonths(today(), 6),
    });
    expect(steps.map((h) => h.kind)).toEqual(expect.arrayContaining(['DUE', 'OWNER_CHANGED']));
    // Not due again: the job leaves it alone.
    await checkReviews();
    await stack.settle();
    expect((await read(answerId)).answerStatus).toBe('IN-USE');
  });

  it('an edit counts as a review (out of Needs Review, day moved on); archiving is recorded', async () => {
    // Prepare
    const answerId = await addAnswer(
      owner,
      'How long are audit logs retained?',
      'Audit logs are retained for one year in write-once storage.',
    );
    ok(await setReviewBy(answerId, { reviewByOn: addDays(today(), -2) }), 'due');
    await checkReviews();
    await stack.settle();
    const due = await read(answerId);

    // Act
    ok(
      await as(admin).call('replaceAnswer', {
        params: { answerId },
        body: {
          answer: 'Audit logs are retained for two years in write-once storage.',
          version: due.version,
        },
      }),
      'edit',
    );
    await stack.settle();
    const edited = await read(answerId);
    ok(
      await as(owner).call('updateAnswer', { params: { answerId }, body: { answerStatus: 'ARCHIVED' } }),
      'archive',
    );
    await stack.settle();

    // Assess
    expect(due.answerStatus).toBe('FLAGGED');
    expect(edited).toMatchObject({
      answerStatus: 'IN-USE',
      lastReviewedByUserId: admin.userId,
      nextReviewOn: addMonths(today(), 6),
    });
    const kinds = (await history(answerId)).map((h) => [h.kind, h.byUserId]);
    expect(kinds.slice(0, 2)).toEqual([
      ['ARCHIVED', owner.userId],
      ['EDITED', admin.userId],
    ]);
    expect((await read(answerId)).nextReviewOn).toBeUndefined();
  });
});

describe('the weekly digest', () => {
  it('e-mails each owner whose switch is on the answers due within the week or overdue, once a week', async () => {
    // Prepare
    await setCycle(6);
    const answerId = await addAnswer(
      owner,
      'Do you scan container images for vulnerabilities?',
      'Yes, every image is scanned in the pipeline and weekly in the registry.',
    );
    ok(await setReviewBy(answerId, { reviewByOn: addDays(today(), 5) }), 'soon');
    await stack.settle();
    const before = (await mailTo(stack, owner.email, (m) => /due for review$/.test(m.subject))).length;

    // Act
    await sendDigests();
    await sendDigests();
    await stack.settle();

    // Assess
    const digests = (await mailTo(stack, owner.email, (m) => /due for review$/.test(m.subject))).slice(
      before,
    );
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toMatch(/^\d+ library answers? due for review$/);
    expect(digests[0].text).toContain('Do you scan container images for vulnerabilities?');
    expect(
      await mailTo(stack, admin.email, (m) => /^\d+ library answers? due for review$/.test(m.subject)),
    ).toEqual([]);
  });

  it('spreads the review index over its partitions, and leaves answers never due out of it', async () => {
    // Prepare: no cycle, so a new answer is never due; then twenty answers with a day of their own.
    await setCycle(null);
    const imported = ok(
      await as(owner).call('importAnswers', {
        body: {
          items: Array.from({ length: 21 }, (_, i) => ({
            question: `Is the control number ${i + 1} of the access policy reviewed?`,
            answer: `Yes, control ${i + 1} is reviewed by its owner at least once a year.`,
          })),
          creationMethod: 'MANUALLY',
        },
      }),
      'import',
    ).answerIds as string[];
    await stack.settle();
    const [never, ...dated] = imported;
    const yesterday = addDays(today(), -1);
    for (const answerId of dated) ok(await setReviewBy(answerId, { reviewByOn: yesterday }), 'day');
    await stack.settle();
    const { documentClient } = await import('../../functions/common/db');
    const raw = async (answerId: string) =>
      (
        await documentClient.send(
          new GetCommand({
            TableName: stack.env.TABLE_NAME,
            Key: { pk: `TEAM#${owner.teamId}#LIBRARY`, sk: `ANSWER#${answerId}` },
          }),
        )
      ).Item as Record<string, unknown>;

    // Act
    const due = await answersDueBy(today());

    // Assess: every dated answer is found, from more than one partition; the undated one is in none.
    expect(due.map((a) => a.answerId)).toEqual(expect.arrayContaining(dated));
    expect(due.map((a) => a.answerId)).not.toContain(never);
    const partitions = new Set(await Promise.all(dated.map(async (id) => (await raw(id)).byStatusPk)));
    expect(partitions.size).toBeGreaterThan(1);
    for (const partition of partitions) expect(partition).toMatch(/^LIBRARY_REVIEW#\d+$/);
    expect((await raw(never)).byStatusPk).toBeUndefined();
    // Set a day, then clear it with no cycle: the answer leaves the index again.
    ok(await setReviewBy(dated[0], { reviewByOn: null }), 'clear');
    expect((await raw(dated[0])).byStatusPk).toBeUndefined();
  });
});
