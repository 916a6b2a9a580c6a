/**
 * The reply-mail sweep: every way a reply e-mail could post as someone it should not, sent through
 * the local SMTP listener (which puts SES receiving's Authentication-Results on top) — a spoofed
 * From (the owner, a colleague, the outsider copied on the comment posing as a member), failing SPF,
 * DKIM or DMARC verdicts (and a forged passing header lower down), a replayed Message-ID, a member
 * taken off a PRIVATE project, expired, tampered and forged addresses — each refused and shown as
 * refused in the mail viewer with its reason, none posted. Prints its counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyAddress, replyIdOf } from '../../functions/discussion/reply-address';
import { LOCAL_AUTHENTICATION_HEADER } from '../../scripts/local/smtp';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import {
  type ReplyInit,
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
let owner: Person;
let member: Person;
let colleague: Person;
const AUDITOR = 'auditor@external.test';
let projectId: string;
const tally = { sent: 0, refused: 0, posted: 0 };

const as = (person: Person) => api.as(person.token);
const aboutQuestion = (questionId: string) => (m: StoredMail) => m.text.includes(`/${questionId}`);

async function commentCount(questionId: string, pid = projectId) {
  const response = await as(owner).call('listComments', { params: { projectId: pid, questionId } });
  expect(response.status).toBe(200);
  return response.body.data.length as number;
}

/** A question whose comment mentions the member and copies the auditor, and the two e-mails. */
async function discussed(question: string, pid = projectId) {
  const added = await as(owner).call('addQuestion', { params: { projectId: pid }, body: { question } });
  expect(added.status).toBe(200);
  const questionId = added.body.data.questionId as string;
  const commented = await as(owner).call('createComment', {
    params: { projectId: pid, questionId },
    body: {
      segments: [
        { type: 'TEXT', content: 'Please confirm, ' },
        { type: 'MEMBER', content: member.userId },
      ],
      emailList: [AUDITOR],
    },
  });
  expect(commented.status).toBe(200);
  const toMember = await waitForMail(stack, member.email, { match: aboutQuestion(questionId) });
  const toAuditor = await waitForMail(stack, AUDITOR, { match: aboutQuestion(questionId) });
  return { questionId, toMember, toAuditor };
}

/** Sends a reply and returns the outcome the mail viewer shows for it. */
async function send(init: ReplyInit): Promise<string> {
  const before = (await receivedMail(stack)).length;
  await sendToSmtpListener(stack, init);
  tally.sent++;
  const received = (await receivedMail(stack)).slice(before);
  expect(received).toHaveLength(1);
  const outcome = received[0].subject.split(' — ').at(-1)!;
  if (outcome.startsWith('rejected: ')) tally.refused++;
  if (outcome === 'posted as a comment') tally.posted++;
  return outcome;
}

const failing = (verdicts: string) => ({ [LOCAL_AUTHENTICATION_HEADER]: verdicts });

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('ada@initech.test', 'Initech Security', { givenName: 'Ada', lastName: 'Owner' });
  member = await join(owner, 'mia@initech.test', 'ROLE_MEMBER', { givenName: 'Mia', lastName: 'Member' });
  colleague = await join(owner, 'cole@initech.test', 'ROLE_MEMBER', {
    givenName: 'Cole',
    lastName: 'League',
  });
  const created = await as(owner).call('createProject', { body: { name: 'Initech Vendor Security Review' } });
  projectId = created.body.data.projectId;
}, 180_000);

afterAll(async () => {
  console.log(
    `route sweeps (reply mail): ${tally.sent} messages sent, ${tally.refused} refused and shown as refused, ${tally.posted} posted where they should be`,
  );
  await resources.stopAll();
});

describe('the reply-mail sweep', () => {
  it('posts only as the one recipient an address was issued to: spoofed senders are refused', async () => {
    // Prepare
    const { questionId, toMember, toAuditor } = await discussed('Who reviews firewall rule changes?');
    const memberAddress = replyAddressOf(toMember);
    const auditorAddress = replyAddressOf(toAuditor);
    // Act: the owner, a colleague and the auditor pose as the member; the member and the owner pose
    // as the auditor through the auditor's address.
    const outcomes = [
      await send({ from: owner.email, to: memberAddress, text: 'Approved by the owner.' }),
      await send({ from: `Cole <${colleague.email}>`, to: memberAddress, text: 'Approved.' }),
      await send({ from: AUDITOR, to: memberAddress, text: 'Posing as Mia.' }),
      await send({ from: member.email, to: auditorAddress, text: 'Posing as the auditor.' }),
      await send({ from: owner.email, to: auditorAddress, text: 'Posing as the auditor too.' }),
    ];
    // Assess
    expect(outcomes).toEqual(Array(5).fill('rejected: sender not allowed'));
    expect(await commentCount(questionId)).toBe(1);
  });

  it('refuses a message whose SPF, DKIM or DMARC verdict is not PASS, whatever it claims lower down', async () => {
    // Prepare
    const { questionId, toMember } = await discussed('How are privileged sessions recorded?');
    const to = replyAddressOf(toMember);
    const from = member.email;
    // Act
    const outcomes = [
      await send({ from, to, text: 'SPF fails.', headers: failing('spf=fail; dkim=pass; dmarc=pass') }),
      await send({ from, to, text: 'DKIM fails.', headers: failing('spf=pass; dkim=fail; dmarc=pass') }),
      await send({ from, to, text: 'DMARC fails.', headers: failing('spf=pass; dkim=pass; dmarc=fail') }),
      await send({ from, to, text: 'SPF soft.', headers: failing('spf=softfail') }),
      await send({
        from,
        to,
        text: 'A forged verdict below the real one.',
        headers: {
          ...failing('spf=fail'),
          'Authentication-Results': 'amazonses.com; spf=pass; dkim=pass; dmarc=pass',
        },
      }),
    ];
    // Assess
    expect(outcomes).toEqual([
      'rejected: sender not authenticated (SPF FAIL)',
      'rejected: sender not authenticated (DKIM FAIL)',
      'rejected: sender not authenticated (DMARC FAIL)',
      'rejected: sender not authenticated (SPF SOFTFAIL)',
      'rejected: sender not authenticated (SPF FAIL)',
    ]);
    expect(await commentCount(questionId)).toBe(1);
  });

  it('posts a message once however often it is delivered (its Message-ID)', async () => {
    // Prepare
    const { questionId, toMember, toAuditor } = await discussed('Where are backups kept?');
    const reply = {
      from: member.email,
      to: replyAddressOf(toMember),
      text: 'In a second region, encrypted.',
      messageId: '<backups-1@mail.initech.test>',
    };
    // Act
    const first = await send(reply);
    const again = await send(reply);
    const auditorOnce = await send({
      from: AUDITOR,
      to: replyAddressOf(toAuditor),
      text: 'Noted.',
      messageId: '<noted-1@external.test>',
    });
    const auditorAgain = await send({
      from: AUDITOR,
      to: replyAddressOf(toAuditor),
      text: 'Noted.',
      messageId: '<noted-1@external.test>',
    });
    // Assess
    expect([first, again, auditorOnce, auditorAgain]).toEqual([
      'posted as a comment',
      'rejected: already posted',
      'posted as a comment',
      'rejected: already posted',
    ]);
    const listed = await as(owner).call('listComments', { params: { projectId, questionId } });
    expect(listed.body.data.map((c: { createdByUserId?: string }) => c.createdByUserId)).toEqual([
      owner.userId,
      member.userId,
      undefined,
    ]);
  });

  it('refuses a member taken off a PRIVATE project, checked when the reply arrives', async () => {
    // Prepare: a project shared with the member, who gets a mention e-mail, and is then taken off.
    const created = await as(owner).call('createProject', { body: { name: 'Initech Board Audit' } });
    const privateId = created.body.data.projectId as string;
    const shared = await as(owner).call('updateProjectAccess', {
      params: { projectId: privateId },
      body: { accessVisibility: 'PRIVATE', shareWith: [member.userId] },
    });
    expect(shared.status).toBe(200);
    const { questionId, toMember } = await discussed('Who signs off the board audit?', privateId);
    const unshared = await as(owner).call('updateProjectAccess', {
      params: { projectId: privateId },
      body: { accessVisibility: 'PRIVATE', shareWith: [] },
    });
    expect(unshared.status).toBe(200);
    // Act
    const outcome = await send({ from: member.email, to: replyAddressOf(toMember), text: 'Still here.' });
    // Assess
    expect(outcome).toBe('rejected: recipient no longer has access');
    expect(await commentCount(questionId, privateId)).toBe(1);
  });

  it('refuses expired, tampered and forged addresses', async () => {
    // Prepare
    const { questionId, toMember } = await discussed('How long are logs retained?');
    const valid = replyAddressOf(toMember);
    const [local, domain] = valid.split('@');
    const flip = (c: string) => (c === '0' ? '1' : '0');
    const secret = stack.env.REPLY_SIGNING_SECRET;
    const thread = { teamId: owner.teamId!, projectId, questionId, recipient: member.email };
    const expired = replyAddress(
      secret,
      domain,
      replyIdOf(secret, thread),
      Math.floor(Date.now() / 1000) - 60,
    );
    // Act
    const outcomes = [
      await send({ from: member.email, to: expired, text: 'Late.' }),
      await send({ from: member.email, to: `reply+${flip(local[6])}${local.slice(7)}@${domain}`, text: 'x' }),
      await send({
        from: member.email,
        to: `${local.slice(0, -1)}${flip(local.at(-1)!)}@${domain}`,
        text: 'x',
      }),
      await send({
        from: member.email,
        to: `reply+${'ab'.repeat(16)}.${'cd'.repeat(10)}@${domain}`,
        text: 'x',
      }),
    ];
    // Assess
    expect(outcomes).toEqual([
      'rejected: expired',
      'rejected: bad signature',
      'rejected: bad signature',
      'rejected: bad signature',
    ]);
    expect(await commentCount(questionId)).toBe(1);
  });
});
