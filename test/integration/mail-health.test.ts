/**
 * Mail health end to end on the local stack: the SES emulator's mail to the Amazon SES mailbox
 * simulator's addresses becomes SES's events (bounce@ a permanent bounce, complaint@ a complaint,
 * success@ a delivery), the mailEvents handler records each address's state, the Team API shows the
 * bounce on the member's row, a new invitation to the address is refused with the reason, and a
 * mention of the member sends no e-mail but tells its author why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { mailTo } from '../support/mail';
import { type Person, people } from '../support/people';
import { createQuiz } from '../support/quizzes';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person;
let bouncer: Person;
let other: Person;
/** Mail sent to the bouncing address before the bounce was known (its sign-up code, the invitation). */
let sentBefore: number;
const BOUNCES = 'bounce+mia@simulator.amazonses.com';
const REFUSAL = new RegExp(
  `^${BOUNCES.replace(/[+.]/g, '\\$&')} is not receiving our e-mail \\(it bounced on \\d{1,2} \\w{3} \\d{4}\\)\\. Check the address or ask them another way\\.$`,
);

const as = (person: Person) => api.as(person.token);

interface Row {
  emailAddress: string;
  status: string;
  mailHealth?: { state: string; since: string; message: string };
}
const rows = async (person: Person) => (await as(person).call('listAllMembers')).body.data as Row[];

async function ids(person: Person) {
  const [groups, roles] = await Promise.all([as(person).call('getGroups'), as(person).call('getRoles')]);
  return {
    groupId: groups.body.data[0].groupId as string,
    roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId as string,
  };
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register } = people(stack, api);
  admin = await register('ada@mailhealth.test', 'Mail Health Co', { givenName: 'Ada', lastName: 'Admin' });
  other = await register('olly@elsewhere.test', 'Elsewhere Ltd', { givenName: 'Olly', lastName: 'Other' });
  // Joins through the real invitation, whose e-mail the simulator bounces. The invitation e-mail
  // goes out first, as for someone who signs up from it: their sign-up code e-mail bounces too, and
  // once a bounce is known nothing more is sent to the address.
  const invited = await as(admin).call('inviteMember', {
    body: { emailAddress: BOUNCES, ...(await ids(admin)) },
  });
  expect(invited.status).toBe(200);
  await stack.settle();
  const person = await register(BOUNCES, undefined, { givenName: 'Mia', lastName: 'Bounce' });
  const accepted = await as(person).call('respondToInvitation', {
    params: { membershipId: invited.body.data.membershipId },
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  bouncer = { ...person, token: await stack.signIn(BOUNCES), teamId: admin.teamId };
  await stack.settle();
  sentBefore = (await mailTo(stack, BOUNCES)).length;
}, 180_000);
afterAll(() => resources.stopAll());

describe('mail health', () => {
  it('records the bounce of the invitation e-mail and shows it on the member row of the Team page', async () => {
    expect((await mailTo(stack, BOUNCES)).some((m) => /invit/i.test(m.subject))).toBe(true);
    const row = await eventually(async () => {
      const found = (await rows(admin)).find((r) => r.emailAddress === BOUNCES);
      expect(found?.mailHealth).toBeDefined();
      return found!;
    });
    expect(row.status).toBe('ACTIVE');
    expect(row.mailHealth).toMatchObject({ state: 'BOUNCING' });
    expect(row.mailHealth!.message).toMatch(REFUSAL);
    // Everyone else's row says nothing.
    expect((await rows(admin)).find((r) => r.emailAddress === admin.email)?.mailHealth).toBeUndefined();
  });

  it('refuses a new invitation to the bouncing address with the reason, and sends nothing', async () => {
    const response = await as(other).raw('inviteMember', {
      body: { emailAddress: BOUNCES, ...(await ids(other)) },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(REFUSAL);
    await stack.settle();
    expect(await mailTo(stack, BOUNCES)).toHaveLength(sentBefore);
    expect((await rows(other)).map((r) => r.emailAddress)).not.toContain(BOUNCES);
  });

  it('refuses a quiz to the bouncing address with the reason', async () => {
    const { quizId } = await createQuiz(as(admin));
    const refused = await as(admin).raw('sendQuizInvite', {
      params: { quizId },
      body: { emailAddress: BOUNCES },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(REFUSAL);
    await stack.settle();
    expect(await mailTo(stack, BOUNCES)).toHaveLength(sentBefore);
  });

  it('applies a redelivered SES event once, and a delivery clears transient bounces', async () => {
    const { handler } = await import('../../functions/mail-events/handler');
    const address = 'soft@mailhealth.test';
    const bounce = (messageId: string, timestamp: string) => ({
      source: 'aws.ses',
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        mail: { messageId, timestamp, destination: [address] },
        bounce: {
          bounceType: 'Transient',
          bounceSubType: 'MailboxFull',
          bouncedRecipients: [{ emailAddress: address, diagnosticCode: 'smtp; 452 4.2.2 mailbox full' }],
          timestamp,
        },
      },
    });
    const state = async () => {
      const { db } = await import('../../functions/common/entities');
      return (await db().entities.mailAddress.get({ address }).go({ consistent: true })).data;
    };
    const first = bounce('m1', '2026-11-20T10:00:00.000Z');
    await handler(first);
    await handler(first);
    expect(await state()).toMatchObject({ state: 'DELAYED', stopped: false, transientBounces: 1 });
    await handler([bounce('m2', '2026-11-21T10:00:00.000Z'), bounce('m3', '2026-11-22T10:00:00.000Z')]);
    expect(await state()).toMatchObject({ state: 'BOUNCING', stopped: true, transientBounces: 3 });
    await handler({
      source: 'aws.ses',
      'detail-type': 'Email Delivered',
      detail: {
        eventType: 'Delivery',
        mail: { messageId: 'm4', timestamp: '2026-11-26T10:00:00.000Z', destination: [address] },
        delivery: { recipients: [address], timestamp: '2026-11-26T10:00:01.000Z' },
      },
    });
    expect(await state()).toMatchObject({ state: 'DELIVERING', stopped: false, transientBounces: 0 });
  });

  it("sends no mention e-mail to the bouncing member and tells the comment's author why", async () => {
    const project = await as(admin).call('createProject', { body: { name: 'Mail Health Review' } });
    const projectId = project.body.data.projectId as string;
    const question = await as(admin).call('addQuestion', {
      params: { projectId },
      body: { question: 'Describe how you encrypt customer data at rest.' },
    });
    const questionId = question.body.data.questionId as string;
    const posted = await as(admin).call('createComment', {
      params: { projectId, questionId },
      body: {
        segments: [
          { type: 'TEXT', content: 'Can you check this, ' },
          { type: 'MEMBER', content: bouncer.userId },
        ],
      },
    });
    expect(posted.status).toBe(200);
    const notice = await eventually(async () => {
      const notifications = (await as(admin).call('listNotifications')).body.data as Array<{
        title: string;
        description: string;
        linkReferencePath: string;
      }>;
      const found = notifications.find((n) => n.title === `Your comment did not reach ${BOUNCES}`);
      expect(found).toBeDefined();
      return found!;
    });
    expect(notice.description).toMatch(REFUSAL);
    expect(notice.linkReferencePath).toBe(`/Projects/${projectId}/${questionId}`);
    // The mention itself still reaches them in the app; only the e-mail is held back.
    const theirs = (await as(bouncer).call('listNotifications')).body.data as Array<{ title: string }>;
    expect(theirs.map((n) => n.title)).toContain('Ada Admin mentioned you');
    await stack.settle();
    expect(await mailTo(stack, BOUNCES)).toHaveLength(sentBefore);
  });

  it('records a complaint from complaint@ and keeps success@ sendable', async () => {
    const complaint = 'complaint@simulator.amazonses.com';
    const success = 'success@simulator.amazonses.com';
    const body = await ids(admin);
    for (const emailAddress of [complaint, success])
      expect((await as(admin).call('inviteMember', { body: { emailAddress, ...body } })).status).toBe(200);
    const complained = await eventually(async () => {
      const row = (await rows(admin)).find((r) => r.emailAddress === complaint);
      expect(row?.mailHealth?.state).toBe('COMPLAINED');
      return row!;
    });
    expect(complained.status).toBe('INVITED');
    expect(complained.mailHealth!.message).toMatch(/they marked it as spam on/);
    await stack.settle();
    expect(await mailTo(stack, success)).toHaveLength(1);
    expect((await rows(admin)).find((r) => r.emailAddress === success)?.mailHealth).toBeUndefined();
    // A second team can still invite the address that delivers, not the one that complained.
    const otherIds = await ids(other);
    expect(
      (await as(other).call('inviteMember', { body: { emailAddress: success, ...otherIds } })).status,
    ).toBe(200);
    const refused = await as(other).raw('inviteMember', { body: { emailAddress: complaint, ...otherIds } });
    expect(refused.status).toBe(422);
  });
});
