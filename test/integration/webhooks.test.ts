/**
 * Outgoing webhooks (issue 31 parts 1 and 2), end to end on the local stack: an admin adds endpoints
 * (signed JSON, Slack, Teams) pointing at a receiver on 127.0.0.1, people do what the events follow,
 * and the receiver gets each event, signed as Standard Webhooks specifies (checked with that
 * specification's own library); a failure is retried, a delivery can be sent again, a rotated secret
 * overlaps, an endpoint failing for 24 hours is turned off and the admins are told, and a PRIVATE
 * project's events reach only that project's own endpoints.
 */
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ADDRESS_MESSAGE } from '../../functions/integrations/address-guard';
import { retryDue } from '../../functions/integrations/deliveries';
import * as repo from '../../functions/integrations/repo';
import { TOO_MANY_WEBHOOKS, WEBHOOK_NOT_FOUND } from '../../functions/integrations/service';
import { type Received, type Receiver, startReceiver } from '../../scripts/fixtures/webhook-receiver';
import type { Webhook, WebhookDelivery } from '../../shared/schemas/webhook';
import { WEBHOOK_EVENT_TYPES, WEBHOOKS_PER_TEAM } from '../../shared/webhook-events';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { waitForMail } from '../support/mail';
import { type Person, people } from '../support/people';
import { answeredQuiz } from '../support/quizzes';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
const api = client(() => stack);
let receiver: Receiver;
let owner: Person;
let member: Person;
let admin: Person;

const ok = <T>(response: { status: number; body: { data?: T } }, what: string): T => {
  if (response.status !== 200)
    throw new Error(`${what} answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
};

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: 'team' }), (s) => s.stop());
  receiver = await resources.start(startReceiver(), (r) => r.close());
  const { register, join } = people(stack, api);
  owner = await register('owner@hooks.test', 'Hooks Team', { givenName: 'Olive', lastName: 'Owner' });
  member = await join(owner, 'member@hooks.test', 'ROLE_MEMBER', { givenName: 'Mel', lastName: 'Member' });
  admin = await join(owner, 'admin@hooks.test', 'ROLE_ADMIN', { givenName: 'Ada', lastName: 'Admin' });
}, 180_000);
afterAll(() => resources.stopAll());

async function addEndpoint(body: Record<string, unknown>, as = owner) {
  return ok<Webhook & { secret: string }>(
    await api.as(as.token).call('createWebhook', { body: body as never }),
    'createWebhook',
  );
}
async function newProject(name: string) {
  return ok<{ projectId: string }>(
    await api.as(owner.token).call('createProject', { body: { name } }),
    'createProject',
  );
}
async function newQuestion(projectId: string, question: string) {
  return ok<{ questionId: string }>(
    await api.as(owner.token).call('addQuestion', { params: { projectId }, body: { question } }),
    'addQuestion',
  );
}
const deliveries = async (webhookId: string) =>
  ok<{ items: WebhookDelivery[] }>(
    await api.as(owner.token).call('listWebhookDeliveries', { params: { webhookId } }),
    'listWebhookDeliveries',
  ).items;

/** The requests that reached `path` whose body has this event type (as JSON) or mentions `text`. */
const arrivals = (path: string, match: (r: Received) => boolean) =>
  receiver.received.filter((r) => r.path === path && match(r));
const ofType = (type: string) => (r: Received) => JSON.parse(r.body).type === type;
const waitFor = (path: string, match: (r: Received) => boolean, count = 1) =>
  eventually(
    () => {
      const found = arrivals(path, match);
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    },
    { timeoutMs: 15_000 },
  );

describe('a signed JSON endpoint', () => {
  let hook: Webhook & { secret: string };
  let projectId: string;

  beforeAll(async () => {
    hook = await addEndpoint({
      url: receiver.url('/json'),
      events: [...WEBHOOK_EVENT_TYPES],
      description: 'Our event bus',
    });
  });

  it('is created with its secret shown once, and listed without it', async () => {
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook.secretPrefix).toBe(`${hook.secret.slice(0, 12)}…`);
    const listed = ok<Webhook[]>(await api.as(owner.token).call('listWebhooks'), 'listWebhooks');
    const found = listed.find((w) => w.webhookId === hook.webhookId);
    expect(found).toMatchObject({
      url: receiver.url('/json'),
      format: 'JSON',
      enabled: true,
      description: 'Our event bus',
    });
    expect(JSON.stringify(listed)).not.toContain(hook.secret.slice(6));
  });

  it('receives each event, signed so that the Standard Webhooks library verifies it', async () => {
    // Prepare: what each event follows.
    ({ projectId } = await newProject('Acme vendor review'));
    const { questionId } = await newQuestion(projectId, 'Do you encrypt customer data at rest?');

    // Act
    ok(
      await api.as(owner.token).call('updateQuestion', {
        params: { projectId, questionId },
        body: { assignedToUserId: member.userId },
      }),
      'assign',
    );
    ok(
      await api.as(owner.token).call('createComment', {
        params: { projectId, questionId },
        body: {
          segments: [
            { type: 'MEMBER', content: member.userId },
            { type: 'TEXT', content: ' can you confirm the key rotation period?' },
          ],
        },
      }),
      'createComment',
    );
    ok(
      await api.as(owner.token).call('updateProject', {
        params: { projectId },
        body: { projectStatus: 'COMPLETE' },
      }),
      'complete',
    );

    // Assess
    const verifier = new Verifier(hook.secret);
    for (const type of ['project.created', 'question.assigned', 'comment.mentioned', 'project.completed']) {
      const [arrival] = await waitFor('/json', (r) => ofType(type)(r) && r.body.includes(projectId));
      const event = verifier.verify(arrival.body, arrival.headers as Record<string, string>) as Record<
        string,
        any
      >;
      expect(event.type).toBe(type);
      expect(event.teamId).toBe(owner.teamId);
      expect(event.data.projectId).toBe(projectId);
      expect(event.data.projectName).toBe('Acme vendor review');
      expect(event.url).toContain(`/Projects/${projectId}`);
    }
    const assigned = JSON.parse(arrivals('/json', ofType('question.assigned'))[0].body);
    expect(assigned.summary).toBe('Mel Member was assigned “Do you encrypt customer data at rest?”');
    expect(assigned.url).toBe(`${stack.appUrl}/Projects/${projectId}/${questionId}`);
    const mention = JSON.parse(arrivals('/json', ofType('comment.mentioned'))[0].body);
    expect(mention.data.mentionedUserIds).toEqual([member.userId]);
    expect(mention.summary).toContain('Olive Owner mentioned Mel Member');

    // A forged body fails verification.
    const arrival = arrivals('/json', ofType('project.created'))[0];
    expect(() =>
      verifier.verify(arrival.body.replace('Acme', 'Evil'), arrival.headers as Record<string, string>),
    ).toThrow();
  });

  it('receives a quiz answered by its recipient', async () => {
    const { quizInviteId } = await answeredQuiz(api, owner, member, owner);
    const [arrival] = await waitFor(
      '/json',
      (r) => ofType('quiz.answered')(r) && r.body.includes(quizInviteId),
    );
    const event = JSON.parse(arrival.body);
    expect(event).toMatchObject({
      teamId: owner.teamId,
      summary: expect.stringContaining('member@hooks.test answered'),
    });
    expect(event.url).toBe(`${stack.appUrl}/Quiz/?tab=sent`);
  });

  it('lists its deliveries with status, response code and latency, newest first', async () => {
    const list = await eventually(async () => {
      const found = await deliveries(hook.webhookId);
      expect(found.filter((d) => d.status === 'SUCCEEDED').length).toBeGreaterThanOrEqual(5);
      return found;
    });
    const done = list.find((d) => d.eventType === 'project.created')!;
    expect(done).toMatchObject({ status: 'SUCCEEDED', attempts: 1, responseCode: 200, error: null });
    expect(done.latencyMs).toBeGreaterThanOrEqual(0);
    // Newest first: ids start with the time of the change (base 36, fixed width).
    const ids = list.map((d) => d.deliveryId);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('retries a failed delivery with backoff until the receiver takes it', async () => {
    // Prepare: the receiver fails.
    receiver.answer(503);
    const sent = ok<WebhookDelivery>(
      await api.as(owner.token).call('sendTestWebhook', { params: { webhookId: hook.webhookId } }),
      'sendTestWebhook',
    );
    const failed = await eventually(async () => {
      const found = (await deliveries(hook.webhookId)).find((d) => d.deliveryId === sent.deliveryId)!;
      expect(found.status).toBe('RETRYING');
      return found;
    });
    expect(failed).toMatchObject({ attempts: 1, responseCode: 503, error: 'The endpoint answered 503' });
    const wait = Date.parse(failed.nextAttemptAt!) - Date.parse(failed.lastAttemptAt!);
    expect(wait).toBeGreaterThanOrEqual(55_000);
    expect(wait).toBeLessThanOrEqual(65_000);
    // Not due yet: the retry job leaves it.
    await retryDue(Date.now());
    expect((await deliveries(hook.webhookId)).find((d) => d.deliveryId === sent.deliveryId)?.status).toBe(
      'RETRYING',
    );

    // Act: the receiver is back, and the retry comes due.
    receiver.answer(200);
    await retryDue(Date.parse(failed.nextAttemptAt!) + 1);

    // Assess
    const retried = await eventually(async () => {
      const found = (await deliveries(hook.webhookId)).find((d) => d.deliveryId === sent.deliveryId)!;
      expect(found.status).toBe('SUCCEEDED');
      return found;
    });
    expect(retried).toMatchObject({ attempts: 2, responseCode: 200, error: null, nextAttemptAt: null });
    const tries = arrivals('/json', (r) => r.headers['webhook-id'] === sent.deliveryId);
    expect(tries.length).toBe(2);
    expect(JSON.parse(tries[0].body).id).toBe(JSON.parse(tries[1].body).id);
  });

  it('gives up on a delivery that kept failing for 24 hours', async () => {
    receiver.answer(500);
    const sent = ok<WebhookDelivery>(
      await api.as(owner.token).call('sendTestWebhook', { params: { webhookId: hook.webhookId } }),
      'sendTestWebhook',
    );
    const key = { teamId: owner.teamId!, webhookId: hook.webhookId, deliveryId: sent.deliveryId };
    await eventually(async () => expect((await repo.getDelivery(key))?.status).toBe('RETRYING'));
    // Its first attempt a day ago.
    const read = (await repo.getDelivery(key))!;
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    expect(await repo.replaceDelivery(read, { ...read, firstAttemptAt: dayAgo })).toBe(true);
    await retryDue(Date.parse(read.nextAttemptAt!) + 1);
    await eventually(async () => {
      const found = (await repo.getDelivery(key))!;
      expect(found.status).toBe('FAILED');
      expect(found.attempts).toBe(2);
    });
    receiver.answer(200);
  });

  it('sends a delivery again on Resend, as a new delivery of the same event', async () => {
    const original = (await deliveries(hook.webhookId)).find((d) => d.eventType === 'project.created')!;
    const resent = ok<WebhookDelivery>(
      await api.as(owner.token).call('resendWebhookDelivery', {
        params: { webhookId: hook.webhookId, deliveryId: original.deliveryId },
      }),
      'resend',
    );
    expect(resent).toMatchObject({
      resendOf: original.deliveryId,
      status: 'PENDING',
      eventType: 'project.created',
    });
    const [again] = await waitFor('/json', (r) => r.headers['webhook-id'] === resent.deliveryId);
    const first = arrivals('/json', (r) => r.headers['webhook-id'] === original.deliveryId)[0];
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
  });

  it('signs with the previous secret too for a while after a rotation', async () => {
    const rotated = ok<Webhook & { secret: string }>(
      await api.as(owner.token).call('rotateWebhookSecret', { params: { webhookId: hook.webhookId } }),
      'rotate',
    );
    expect(rotated.secret).not.toBe(hook.secret);
    const hours = (Date.parse(rotated.previousSecretExpiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const sent = ok<WebhookDelivery>(
      await api.as(owner.token).call('sendTestWebhook', { params: { webhookId: hook.webhookId } }),
      'sendTestWebhook',
    );
    const [arrival] = await waitFor('/json', (r) => r.headers['webhook-id'] === sent.deliveryId);
    expect(String(arrival.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [rotated.secret, hook.secret])
      expect(
        new Verifier(secret).verify(arrival.body, arrival.headers as Record<string, string>),
      ).toMatchObject({
        type: 'webhook.test',
      });
    expect(() =>
      new Verifier(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        arrival.body,
        arrival.headers as Record<string, string>,
      ),
    ).toThrow();
    hook = rotated;
  });
});

describe('Slack and Microsoft Teams endpoints', () => {
  it('get the event shaped for each, with a link back to the project', async () => {
    // Prepare
    await addEndpoint({ url: receiver.url('/slack'), format: 'SLACK', events: ['project.created'] });
    await addEndpoint({ url: receiver.url('/teams'), format: 'TEAMS', events: ['project.created'] });

    // Act
    const { projectId } = await newProject('Globex <renewal> & audit');

    // Assess
    const link = `${stack.appUrl}/Projects/${projectId}`;
    const [slack] = await waitFor('/slack', (r) => r.body.includes(projectId));
    expect(JSON.parse(slack.body)).toEqual({
      text: 'Project created: New project Globex <renewal> & audit',
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: '*Project created*\nNew project Globex &lt;renewal&gt; &amp; audit' },
        },
        {
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open' }, url: link }],
        },
      ],
    });
    const [teams] = await waitFor('/teams', (r) => r.body.includes(projectId));
    const card = JSON.parse(teams.body);
    expect(card.type).toBe('message');
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0].content).toMatchObject({
      type: 'AdaptiveCard',
      body: [{ text: 'Project created' }, { text: 'New project Globex <renewal> & audit' }],
      actions: [{ type: 'Action.OpenUrl', url: link }],
    });
  });
});

describe('PRIVATE projects', () => {
  it('send their events only to their own endpoints made by their members, which only their members see', async () => {
    // Prepare: a private project, an endpoint of it, and the team's endpoint.
    const { projectId } = await newProject('Private merger diligence');
    // While it is TEAM, another admin points an endpoint of their own at it.
    await addEndpoint(
      { url: receiver.url('/admin-scoped'), events: ['question.assigned'], projectId },
      admin,
    );
    ok(
      await api.as(owner.token).call('updateProjectAccess', {
        params: { projectId },
        body: { accessVisibility: 'PRIVATE', shareWith: [] },
      }),
      'private',
    );
    const own = await addEndpoint({
      url: receiver.url('/private'),
      events: ['question.assigned'],
      projectId,
    });
    await addEndpoint({ url: receiver.url('/team-wide'), events: ['question.assigned'] });

    // Act
    const { questionId } = await newQuestion(projectId, 'Private question: who are the merger parties?');
    ok(
      await api.as(owner.token).call('updateQuestion', {
        params: { projectId, questionId },
        body: { assignedToUserId: owner.userId },
      }),
      'assign',
    );

    // Assess
    await waitFor('/private', (r) => r.body.includes(questionId));
    await stack.settle();
    expect(arrivals('/team-wide', (r) => r.body.includes(questionId))).toEqual([]);
    expect(arrivals('/admin-scoped', (r) => r.body.includes(questionId))).toEqual([]);
    // Another admin of the team, not on the project, does not see its endpoint.
    const listed = ok<Webhook[]>(await api.as(admin.token).call('listWebhooks'), 'listWebhooks');
    expect(listed.map((w) => w.webhookId)).not.toContain(own.webhookId);
    const hidden = await api
      .as(admin.token)
      .call('listWebhookDeliveries', { params: { webhookId: own.webhookId } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(WEBHOOK_NOT_FOUND);
    const refused = await api.as(admin.token).call('createWebhook', {
      body: { url: receiver.url('/x'), events: ['project.created'], projectId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.projectId).toEqual(['That project does not exist']);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is turned off after 24 hours of failures, and the admins are told', async () => {
    // Prepare: an endpoint that has failed since yesterday.
    const hook = await addEndpoint({ url: receiver.url('/failing'), events: ['project.created'] });
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await repo.updateWebhook({ teamId: owner.teamId!, webhookId: hook.webhookId }, { failingSince: dayAgo });
    await receiver.down();

    // Act: one more failure.
    try {
      ok(
        await api.as(owner.token).call('sendTestWebhook', { params: { webhookId: hook.webhookId } }),
        'sendTestWebhook',
      );
      const off = await eventually(async () => {
        const found = ok<Webhook[]>(await api.as(owner.token).call('listWebhooks'), 'listWebhooks').find(
          (w) => w.webhookId === hook.webhookId,
        )!;
        expect(found.enabled).toBe(false);
        return found;
      });

      // Assess
      expect(off).toMatchObject({
        disabledReason: 'Turned off after failing for 24 hours',
        lastDeliveryStatus: 'RETRYING',
        failingSince: dayAgo,
      });
      const [failed] = await deliveries(hook.webhookId);
      expect(failed).toMatchObject({
        status: 'RETRYING',
        responseCode: null,
        error: 'The endpoint refused the connection',
      });
      for (const person of [owner, admin]) {
        const mail = await waitForMail(stack, person.email, { match: (m) => m.subject.includes('webhook') });
        expect(mail.subject).toBe('A webhook of Hooks Team was turned off');
        expect(mail.text).toContain(receiver.url('/failing'));
        const notes = ok<Array<{ title: string; linkReferencePath: string }>>(
          await api.as(person.token).call('listNotifications'),
          'listNotifications',
        );
        expect(notes).toContainEqual(
          expect.objectContaining({
            title: 'Webhook turned off',
            linkReferencePath: '/Settings?tab=integrations',
          }),
        );
      }
      // A member (no UPDATE_TEAM) is not told.
      const memberNotes = ok<Array<{ title: string }>>(
        await api.as(member.token).call('listNotifications'),
        'listNotifications',
      );
      expect(memberNotes.map((n) => n.title)).not.toContain('Webhook turned off');
      // Its retry, once due, is not sent: the endpoint is off.
      await retryDue(Date.parse(failed.nextAttemptAt!) + 1);
      await eventually(async () =>
        expect((await deliveries(hook.webhookId))[0]).toMatchObject({
          status: 'FAILED',
          error: 'Not sent: the endpoint is disabled after failing for 24 hours',
        }),
      );
    } finally {
      await receiver.up();
    }

    // Turned back on, it starts afresh.
    const on = ok<Webhook>(
      await api
        .as(owner.token)
        .call('updateWebhook', { params: { webhookId: hook.webhookId }, body: { enabled: true } }),
      'updateWebhook',
    );
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe('what an endpoint may be', () => {
  it('refuses private, plain-http and credentialed addresses, and more than 20 endpoints', async () => {
    const cases: Array<[string, string]> = [
      ['https://10.0.0.8/hook', PRIVATE_ADDRESS_MESSAGE],
      ['https://169.254.169.254/latest/meta-data', PRIVATE_ADDRESS_MESSAGE],
      ['https://[::ffff:192.168.1.1]/hook', PRIVATE_ADDRESS_MESSAGE],
      ['http://hooks.example.com/hook', 'The endpoint’s address must start with https://'],
      [
        'https://user:pass@hooks.example.com/hook',
        'Please leave the user name and password out of the address',
      ],
    ];
    for (const [url, message] of cases) {
      const refused = await api
        .as(owner.token)
        .call('createWebhook', { body: { url, events: ['project.created'] } });
      expect(refused.status, url).toBe(400);
      expect(refused.body.fieldErrors.url, url).toEqual([message]);
    }
    const count = ok<Webhook[]>(await api.as(owner.token).call('listWebhooks'), 'listWebhooks').length;
    for (let i = count; i < WEBHOOKS_PER_TEAM; i++)
      await addEndpoint({ url: `https://hooks.example.com/${i}`, events: ['project.created'] });
    const over = await api
      .as(owner.token)
      .call('createWebhook', { body: { url: 'https://hooks.example.com/x', events: ['project.created'] } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(TOO_MANY_WEBHOOKS);
  });
});
