/**
 * A question's discussion end to end through the local gateway: comments (oldest first, mention
 * rules on TEAM and PRIVATE projects, validation), mentions (mark, notification, e-mail, the
 * setting), e-mails to subscribers, earlier commenters and copied addresses (each with a signed
 * reply address), the activity feed, subscriptions, replies by e-mail through the local SMTP
 * listener (member and copied outsider; quoted history stripped; forged, tampered, expired and
 * foreign senders refused) and the live events COMMENT_CREATED and ACTIVITY_CREATED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyAddress, replyIdOf } from '../../functions/discussion/reply-address';
import { LOCAL_REPLY_DOMAIN } from '../../scripts/local/stack';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import {
  mailTo,
  receivedMail,
  replyAddressOf,
  type StoredMail,
  sendToSmtpListener,
  waitForMail,
} from '../support/mail';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person; // Ada Admin, team owner
let manager: Person; // Max Manager: creates the projects
let member: Person; // Mia Member
let quiet: Person; // Quinn Quiet: turns mention and reply e-mails off
let outsider: Person; // another team
const AUDITOR = 'auditor@external.test';

const as = (person: Person) => api.as(person.token);
const text = (content: string) => ({ type: 'TEXT' as const, content });
const mention = (person: Person) => ({ type: 'MEMBER' as const, content: person.userId });

async function createProject(person: Person, name: string) {
  const response = await as(person).call('createProject', { body: { name } });
  expect(response.status).toBe(200);
  return response.body.data.projectId as string;
}

async function addQuestion(person: Person, projectId: string, question: string) {
  const response = await as(person).call('addQuestion', { params: { projectId }, body: { question } });
  expect(response.status).toBe(200);
  return response.body.data.questionId as string;
}

let projectId: string;
/** A fresh question of the TEAM project per test, so e-mails and comments of one test stay apart. */
const newQuestion = (about: string) =>
  addQuestion(manager, projectId, `Describe how you handle ${about} across the organisation.`);

async function comment(
  person: Person,
  questionId: string,
  body: { segments: any[]; emailList?: string[] },
  pid = projectId,
) {
  return as(person).call('createComment', { params: { projectId: pid, questionId }, body });
}

async function comments(person: Person, questionId: string, pid = projectId) {
  const response = await as(person).call('listComments', { params: { projectId: pid, questionId } });
  expect(response.status).toBe(200);
  return response.body.data as Array<{
    commentId: string;
    createdByUserId?: string;
    segments: Array<{ type: string; content: string }>;
    commentData?: { fromEmailAddress: string };
  }>;
}

async function activity(person: Person, questionId: string) {
  const response = await as(person).call('listActivity', { params: { projectId, questionId } });
  expect(response.status).toBe(200);
  return response.body.data as Array<{
    activityDescription: string;
    createdByUserId?: string;
    activityId: string;
  }>;
}

const aboutQuestion = (questionId: string) => (m: StoredMail) => m.text.includes(`/${questionId}`);

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  admin = await register('ada@initech.test', 'Initech Security', { givenName: 'Ada', lastName: 'Admin' });
  manager = await join(admin, 'max@initech.test', 'ROLE_MANAGER', { givenName: 'Max', lastName: 'Manager' });
  member = await join(admin, 'mia@initech.test', 'ROLE_MEMBER', { givenName: 'Mia', lastName: 'Member' });
  quiet = await join(admin, 'quinn@initech.test', 'ROLE_MEMBER', { givenName: 'Quinn', lastName: 'Quiet' });
  outsider = await register('olly@globex.test', 'Globex', { givenName: 'Olly', lastName: 'Outside' });
  projectId = await createProject(manager, 'Initech Vendor Security Review');
}, 180_000);
afterAll(() => resources.stopAll());

describe('comments', () => {
  it('lists comments oldest first and answers each with the Comment', async () => {
    // Prepare
    const questionId = await newQuestion('encryption at rest');
    // Act
    const first = await comment(member, questionId, { segments: [text('We use AES-256 everywhere.')] });
    const second = await comment(admin, questionId, {
      segments: [text('Add the KMS detail, '), mention(member)],
    });
    // Assess
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      questionId,
      createdByUserId: member.userId,
      segments: [{ type: 'TEXT', content: 'We use AES-256 everywhere.' }],
    });
    expect(first.body.data.commentData).toBeUndefined();
    expect(second.status).toBe(200);
    const listed = await comments(manager, questionId);
    expect(listed.map((c) => c.commentId)).toEqual([first.body.data.commentId, second.body.data.commentId]);
    expect(listed[1].segments).toEqual([text('Add the KMS detail, '), mention(member)]);
  });

  it('refuses empty and over-long comments, bad copies, and unknown questions', async () => {
    // Prepare
    const questionId = await newQuestion('key rotation');
    // Act
    const empty = await comment(member, questionId, { segments: [] });
    const blank = await comment(member, questionId, { segments: [text('   ')] });
    const long = await comment(member, questionId, { segments: [text('x'.repeat(4001))] });
    const badCopy = await comment(member, questionId, {
      segments: [text('hi')],
      emailList: ['not-an-address'],
    });
    const twice = await comment(member, questionId, {
      segments: [text('hi')],
      emailList: [AUDITOR, AUDITOR],
    });
    const missing = await comment(member, 'no-such-question', { segments: [text('hello')] });
    const missingList = await as(member).call('listComments', {
      params: { projectId, questionId: 'no-such-question' },
    });
    // Assess
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.segments).toContain('Please write a comment');
    expect(blank.status).toBe(400);
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.segments).toContain('A comment can be at most 4000 characters');
    expect(badCopy.status).toBe(400);
    expect(JSON.stringify(badCopy.body.fieldErrors)).toContain('Pleae check the email address is valid');
    expect(twice.status).toBe(400);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That question no longer exists');
    expect(missingList.status).toBe(404);
    expect(await comments(member, questionId)).toEqual([]);
  });

  it('lets only members who can see the project be mentioned', async () => {
    // Prepare
    const questionId = await newQuestion('access reviews');
    // Act
    const foreign = await comment(member, questionId, { segments: [text('cc '), mention(outsider)] });
    const unknown = await comment(member, questionId, {
      segments: [text('cc '), { type: 'MEMBER', content: 'nobody-at-all' }],
    });
    // Assess
    for (const refused of [foreign, unknown]) {
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors.segments).toEqual(['That person is not a member of this project']);
    }
    expect(await comments(member, questionId)).toEqual([]);
  });

  it('keeps a PRIVATE project to its list: 404 to others, mentions only of people on it', async () => {
    // Prepare: private to the manager and the admin.
    const privateId = await createProject(manager, 'Initech Board Audit');
    const shared = await as(manager).call('updateProjectAccess', {
      params: { projectId: privateId },
      body: { accessVisibility: 'PRIVATE', shareWith: [admin.userId] },
    });
    expect(shared.status).toBe(200);
    const questionId = await addQuestion(manager, privateId, 'Who approves the board audit findings?');
    // Act
    const offList = await comment(
      manager,
      questionId,
      { segments: [text('see '), mention(member)] },
      privateId,
    );
    const onList = await comment(
      manager,
      questionId,
      { segments: [text('see '), mention(admin)] },
      privateId,
    );
    const reads = await Promise.all(
      [member, outsider].map((p) =>
        Promise.all([
          as(p).call('listComments', { params: { projectId: privateId, questionId } }),
          as(p).call('createComment', {
            params: { projectId: privateId, questionId },
            body: { segments: [text('hi')] },
          }),
          as(p).call('listActivity', { params: { projectId: privateId, questionId } }),
          as(p).call('getSubscription', { params: { projectId: privateId, questionId } }),
          as(p).call('subscribe', { params: { projectId: privateId, questionId } }),
          as(p).call('unsubscribe', { params: { projectId: privateId, questionId } }),
        ]),
      ),
    );
    // Assess
    expect(offList.status).toBe(400);
    expect(offList.body.fieldErrors.segments).toEqual(['That person is not a member of this project']);
    expect(onList.status).toBe(200);
    expect(reads.flat().map((r) => r.status)).toEqual(Array(12).fill(404));
    expect((await comments(admin, questionId, privateId)).length).toBe(1);
  });

  it('answers 401 without a token', async () => {
    // Prepare
    const questionId = await newQuestion('incident response');
    // Act
    const anonymous = await api.call('listComments', { params: { projectId, questionId } });
    // Assess
    expect(anonymous.status).toBe(401);
  });
});

describe('mentions', () => {
  it('marks, notifies and e-mails the mentioned member, with the comment text and a reply address', async () => {
    // Prepare
    const questionId = await newQuestion('vulnerability scanning');
    // Act
    const created = await comment(admin, questionId, {
      segments: [text('Can you confirm the cadence, '), mention(member), text('?')],
    });
    // Assess
    expect(created.status).toBe(200);
    const mail = await waitForMail(stack, member.email, { match: aboutQuestion(questionId) });
    expect(mail.subject).toBe('Ada Admin mentioned you on Initech Vendor Security Review');
    expect(mail.text).toContain('Can you confirm the cadence, @Mia Member?');
    expect(mail.text).toContain('Describe how you handle vulnerability scanning');
    expect(mail.text).toContain(`${stack.appUrl}/Projects/${projectId}/${questionId}`);
    expect(replyAddressOf(mail)).toMatch(
      new RegExp(`^reply\\+[0-9a-f]{32}\\.[0-9a-f]{20}@${LOCAL_REPLY_DOMAIN}$`),
    );
    await eventually(async () => {
      const notifications = (await as(member).call('listNotifications')).body.data as Array<{
        title: string;
        linkReferencePath: string;
      }>;
      expect(notifications).toContainEqual(
        expect.objectContaining({
          title: 'Ada Admin mentioned you',
          linkReferencePath: `/Projects/${projectId}/${questionId}`,
        }),
      );
    });
    const { db } = await import('../../functions/common/entities');
    const mark = await db()
      .entities.questionMention.get({ teamId: admin.teamId!, projectId, userId: member.userId, questionId })
      .go();
    expect(mark.data).not.toBeNull();
    // The author is not e-mailed about their own comment.
    await stack.settle();
    expect(await mailTo(stack, admin.email, aboutQuestion(questionId))).toEqual([]);
  });

  it('notifies but does not e-mail a member who turned mention e-mails off', async () => {
    // Prepare
    const off = await as(quiet).call('updateUserSettings', {
      body: { sendEmailOnBeingMentioned: false, sendEmailOnBeingRepliedTo: false },
    });
    expect(off.status).toBe(200);
    const questionId = await newQuestion('data retention');
    // Act
    await comment(admin, questionId, { segments: [mention(quiet), text(' please review')] });
    // Assess
    await eventually(async () => {
      const titles = ((await as(quiet).call('listNotifications')).body.data as Array<{ title: string }>).map(
        (n) => n.title,
      );
      expect(titles).toContain('Ada Admin mentioned you');
    });
    await stack.settle();
    expect(await mailTo(stack, quiet.email, aboutQuestion(questionId))).toEqual([]);
  });
});

describe('subscriptions and e-mails to followers', () => {
  it('subscribes and unsubscribes idempotently', async () => {
    // Prepare
    const questionId = await newQuestion('logging');
    const params = { projectId, questionId };
    // Act
    const before = await as(member).call('getSubscription', { params });
    const subscribed = [
      await as(member).call('subscribe', { params }),
      await as(member).call('subscribe', { params }),
    ];
    const during = await as(member).call('getSubscription', { params });
    const unsubscribed = [
      await as(member).call('unsubscribe', { params }),
      await as(member).call('unsubscribe', { params }),
    ];
    const after = await as(member).call('getSubscription', { params });
    const missing = await as(member).call('subscribe', { params: { projectId, questionId: 'nope' } });
    // Assess
    expect(before.body.data).toEqual({ userSubscribed: false });
    expect(subscribed.map((r) => r.body.data)).toEqual([{ userSubscribed: true }, { userSubscribed: true }]);
    expect(during.body.data).toEqual({ userSubscribed: true });
    expect(unsubscribed.map((r) => r.body.data)).toEqual([
      { userSubscribed: false },
      { userSubscribed: false },
    ]);
    expect(after.body.data).toEqual({ userSubscribed: false });
    expect(missing.status).toBe(404);
  });

  it('e-mails subscribers and earlier commenters, not the author, the opted out or the unsubscribed', async () => {
    // Prepare: Mia commented earlier; Ada subscribes; Quinn (replies off) subscribes too.
    const questionId = await newQuestion('backups');
    const params = { projectId, questionId };
    await comment(member, questionId, { segments: [text('Nightly, kept 35 days.')] });
    await stack.settle();
    await as(admin).call('subscribe', { params });
    await as(quiet).call('subscribe', { params });
    // Act
    await comment(manager, questionId, { segments: [text('Restores are tested quarterly.')] });
    // Assess
    const toAdmin = await waitForMail(stack, admin.email, { match: aboutQuestion(questionId) });
    const toMember = await waitForMail(stack, member.email, { match: aboutQuestion(questionId) });
    for (const mail of [toAdmin, toMember]) {
      expect(mail.subject).toBe('Max Manager commented on a question of Initech Vendor Security Review');
      expect(mail.text).toContain('Restores are tested quarterly.');
    }
    expect(replyAddressOf(toAdmin)).not.toBe(replyAddressOf(toMember));
    await stack.settle();
    expect(await mailTo(stack, manager.email, aboutQuestion(questionId))).toEqual([]);
    expect(await mailTo(stack, quiet.email, aboutQuestion(questionId))).toEqual([]);
    // Once unsubscribed (and never a commenter), Ada hears no more.
    await as(admin).call('unsubscribe', { params });
    await comment(manager, questionId, { segments: [text('And yearly offsite.')] });
    await waitForMail(stack, member.email, { match: aboutQuestion(questionId), after: 1 });
    await stack.settle();
    expect(await mailTo(stack, admin.email, aboutQuestion(questionId))).toHaveLength(1);
  });

  it('mails a mentioned subscriber once (as mentioned), and each copied address', async () => {
    // Prepare
    const questionId = await newQuestion('penetration testing');
    await as(member).call('subscribe', { params: { projectId, questionId } });
    // Act
    const created = await comment(admin, questionId, {
      segments: [mention(member), text(' and our auditor, see the latest report.')],
      emailList: [AUDITOR, 'ciso@external.test'],
    });
    // Assess
    expect(created.status).toBe(200);
    for (const address of [AUDITOR, 'ciso@external.test']) {
      const mail = await waitForMail(stack, address, { match: aboutQuestion(questionId) });
      expect(mail.subject).toBe('Ada Admin copied you on a comment on Initech Vendor Security Review');
      expect(mail.text).toContain('@Mia Member and our auditor, see the latest report.');
      expect(replyAddressOf(mail)).toContain(`@${LOCAL_REPLY_DOMAIN}`);
    }
    await stack.settle();
    const toMember = await mailTo(stack, member.email, aboutQuestion(questionId));
    expect(toMember.map((m) => m.subject)).toEqual([
      'Ada Admin mentioned you on Initech Vendor Security Review',
    ]);
  });
});

describe('activity', () => {
  it('records each comment in the feed, newest first', async () => {
    // Prepare
    const questionId = await newQuestion('supplier risk');
    // Act
    await comment(member, questionId, { segments: [text('First.')] });
    await comment(admin, questionId, { segments: [text('Second.')] });
    // Assess
    await eventually(async () => {
      // The question's own changes (e.g. its creation) are in the feed too; the comments lead it.
      const feed = (await activity(manager, questionId)).filter((e) =>
        e.activityDescription.endsWith(' commented'),
      );
      expect(feed.map((e) => e.activityDescription)).toEqual([
        `{user:${admin.userId}} commented`,
        `{user:${member.userId}} commented`,
      ]);
      expect(feed[0]).toMatchObject({ questionId, createdByUserId: admin.userId });
    });
  });
});

describe('replies by e-mail', () => {
  /** A question with a comment that mentions Mia and copies the auditor, and the two e-mails. */
  async function discussed(about: string) {
    const questionId = await newQuestion(about);
    await comment(admin, questionId, {
      segments: [text('Please confirm, '), mention(member)],
      emailList: [AUDITOR],
    });
    const toMember = await waitForMail(stack, member.email, { match: aboutQuestion(questionId) });
    const toAuditor = await waitForMail(stack, AUDITOR, { match: aboutQuestion(questionId) });
    return { questionId, toMember, toAuditor };
  }

  it("posts a member's reply as their comment, without the quoted history or signature", async () => {
    // Prepare
    const { questionId, toMember } = await discussed('change management');
    // Act
    await sendToSmtpListener(stack, {
      from: `Mia Member <${member.email}>`,
      to: replyAddressOf(toMember),
      text: 'Confirmed: every change goes through the CAB.\n\n-- \nMia Member\nInitech',
      quoting: toMember,
    });
    // Assess
    const listed = await comments(admin, questionId);
    expect(listed).toHaveLength(2);
    expect(listed[1]).toMatchObject({
      createdByUserId: member.userId,
      segments: [{ type: 'TEXT', content: 'Confirmed: every change goes through the CAB.' }],
    });
    expect(listed[1].commentData).toBeUndefined();
    await eventually(async () =>
      expect((await activity(admin, questionId))[0].activityDescription).toBe(
        `{user:${member.userId}} commented`,
      ),
    );
  });

  it('posts a reply from a copied address as a comment showing that address', async () => {
    // Prepare
    const { questionId, toAuditor } = await discussed('third-party audits');
    // Act
    await sendToSmtpListener(stack, {
      from: AUDITOR,
      to: replyAddressOf(toAuditor),
      text: 'The SOC 2 report covers this.',
      quoting: toAuditor,
    });
    // Assess
    const listed = await comments(admin, questionId);
    expect(listed).toHaveLength(2);
    expect(listed[1].createdByUserId).toBeUndefined();
    expect(listed[1].commentData).toEqual({ fromEmailAddress: AUDITOR });
    expect(listed[1].segments).toEqual([{ type: 'TEXT', content: 'The SOC 2 report covers this.' }]);
    await eventually(async () =>
      expect((await activity(admin, questionId))[0].activityDescription).toBe(`${AUDITOR} replied by e-mail`),
    );
    // The mail viewer shows the received message too.
    const received = await receivedMail(stack);
    expect(
      received.some((m) => m.to.includes(replyAddressOf(toAuditor)) && m.subject.includes('posted')),
    ).toBe(true);
  });

  it('posts nothing for forged, tampered or expired addresses or a sender it was not sent to', async () => {
    // Prepare
    const { questionId, toAuditor } = await discussed('physical security');
    const valid = replyAddressOf(toAuditor);
    const [local, domain] = valid.split('@');
    const flip = (c: string) => (c === '0' ? '1' : '0');
    const tamperedPayload = `reply+${flip(local[6])}${local.slice(7)}@${domain}`;
    const tamperedSignature = `${local.slice(0, -1)}${flip(local.at(-1)!)}@${domain}`;
    const forged = `reply+${'ab'.repeat(16)}.${'cd'.repeat(10)}@${domain}`;
    const secret = stack.env.REPLY_SIGNING_SECRET;
    const thread = { teamId: admin.teamId!, projectId, questionId, recipient: AUDITOR };
    const expired = replyAddress(
      secret,
      domain,
      replyIdOf(secret, thread),
      Math.floor(Date.now() / 1000) - 60,
    );
    const before = (await receivedMail(stack)).length;
    // Act
    for (const to of [tamperedPayload, tamperedSignature, forged, expired])
      await sendToSmtpListener(stack, { from: AUDITOR, to, text: `Sneaky ${to}` });
    await sendToSmtpListener(stack, { from: 'stranger@elsewhere.test', to: valid, text: 'Not invited.' });
    const otherDomain = sendToSmtpListener(stack, {
      from: AUDITOR,
      to: 'someone@initech.test',
      text: 'Relay?',
    });
    // Assess
    await expect(otherDomain).rejects.toThrow(/550|accepted/);
    expect(await comments(admin, questionId)).toHaveLength(1);
    const outcomes = (await receivedMail(stack)).slice(before).map((m) => m.subject.split(' — ')[1]);
    expect(outcomes).toEqual([
      'rejected: bad signature',
      'rejected: bad signature',
      'rejected: bad signature',
      'rejected: expired',
      'rejected: sender not allowed',
    ]);
  });
});

describe('live events', () => {
  it('tells the project scope of new comments (marked self for the writing session) and activity', async () => {
    // Prepare
    const questionId = await newQuestion('secure development');
    const watching = await connectLiveSocket(stack.appUrl, manager.token, 'manager-watching');
    const writing = await connectLiveSocket(stack.appUrl, member.token, 'member-writing');
    resources.add(() => watching.socket.close());
    resources.add(() => writing.socket.close());
    for (const socket of [watching, writing]) {
      socket.socket.send(JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: projectId } }));
      await socket.waitFor((m) => m.eventName === 'WS-SUBSCRIBED');
    }
    // Act
    const created = await as(member).call('createComment', {
      params: { projectId, questionId },
      body: { segments: [text('Threat models for every service.')] },
      headers: { 'x-session-id': 'member-writing' },
    });
    // Assess
    const commentId = created.body.data.commentId;
    const seen = await watching.waitFor(
      (m) => m.eventName === 'COMMENT_CREATED' && m.data.commentId === commentId,
    );
    expect(seen.data).toEqual({ projectId, questionId, commentId, causedByUserId: member.userId });
    expect(seen.self).toBeUndefined();
    const own = await writing.waitFor(
      (m) => m.eventName === 'COMMENT_CREATED' && m.data.commentId === commentId,
    );
    expect(own.self).toBe(true);
    const activityEvent = await watching.waitFor(
      (m) => m.eventName === 'ACTIVITY_CREATED' && m.data.questionId === questionId,
    );
    expect(activityEvent.data).toMatchObject({ projectId, questionId, causedByUserId: member.userId });
    expect(activityEvent.data.activityId).toContain(`c${commentId}`);
  });
});
