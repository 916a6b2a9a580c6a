/**
 * The pure parts of outgoing webhooks: which changes are which events, the bodies of each format,
 * signatures (checked with the Standard Webhooks library, not our own code), the address guard and
 * the retry schedule.
 */
import fc from 'fast-check';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { Change } from '../common/reactions';
import {
  CREDENTIALS_MESSAGE,
  endpointProblem,
  HTTPS_MESSAGE,
  isPublicAddress,
  PRIVATE_ADDRESS_MESSAGE,
} from './address-guard';
import { retryDelayMs, signingSecrets } from './deliveries';
import { EVENT_SOURCES } from './events';
import { bodyFor, type WebhookEvent } from './payloads';
import type { WebhookItem } from './repo';
import { newSecret, signedHeaders } from './signing';

const change = (entity: string, kind: Change['kind'], newImage?: object, oldImage?: object): Change => ({
  id: 'record-1',
  kind,
  at: Date.parse('2026-12-07T10:00:00Z'),
  entity,
  newImage: newImage as Record<string, unknown>,
  oldImage: oldImage as Record<string, unknown>,
});
const typesOf = async (c: Change) => (await EVENT_SOURCES[c.entity](c)).map((o) => o.type);

describe('which changes are events', () => {
  const project = {
    teamId: 't1',
    projectId: 'p1',
    name: 'Acme',
    dueOn: '2027-01-31',
    projectStatus: 'IN-PROGRESS',
  };

  it('a project created, and completed once', async () => {
    expect(await typesOf(change('project', 'INSERT', project))).toEqual(['project.created']);
    const done = { ...project, projectStatus: 'COMPLETE' };
    expect(await typesOf(change('project', 'MODIFY', done, project))).toEqual(['project.completed']);
    expect(await typesOf(change('project', 'MODIFY', done, done))).toEqual([]);
    expect(await typesOf(change('project', 'REMOVE', undefined, project))).toEqual([]);
  });

  it('a library answer approved one by one (not a bulk import), and due for review', async () => {
    const answer = { teamId: 't1', answerId: 'a1', originalQuestion: 'Do you use MFA?', answer: 'Yes.' };
    expect(
      await typesOf(change('libraryAnswer', 'INSERT', { ...answer, creationMethod: 'FROM_QUESTION' })),
    ).toEqual(['library.answer_approved']);
    expect(
      await typesOf(change('libraryAnswer', 'INSERT', { ...answer, creationMethod: 'BULK_UPLOAD' })),
    ).toEqual([]);
    const due = { ...answer, creationMethod: 'MANUALLY', reviewNoticeOn: '2026-12-07' };
    const [occurrence] = await EVENT_SOURCES.libraryAnswer(change('libraryAnswer', 'MODIFY', due, answer));
    expect(occurrence).toMatchObject({ type: 'library.review_due', path: '/Answers?view=DUE_FOR_REVIEW' });
    expect(await typesOf(change('libraryAnswer', 'MODIFY', due, due))).toEqual([]);
  });

  it('a quiz answered, for the team that sent it', async () => {
    const invite = {
      quizInviteId: 'i1',
      quizName: 'Vendor review',
      senderTeamId: 't9',
      emailAddress: 's@x.test',
    };
    const [occurrence] = await EVENT_SOURCES.quizInvite(
      change(
        'quizInvite',
        'MODIFY',
        { ...invite, inviteStatus: 'ANSWERED' },
        { ...invite, inviteStatus: 'ACCEPTED' },
      ),
    );
    expect(occurrence).toMatchObject({
      teamId: 't9',
      type: 'quiz.answered',
      summary: 's@x.test answered Vendor review',
    });
  });

  it('evidence expiring soon and expired, scoped to the project it was uploaded into', async () => {
    const doc = {
      teamId: 't1',
      documentId: 'd1',
      documentName: 'SOC 2',
      expiresOn: '2027-01-01',
      expiryNotice: 'NONE',
    };
    const [soon] = await EVENT_SOURCES.document(
      change('document', 'MODIFY', { ...doc, expiryNotice: 'SOON', uploadedInProjectId: 'p1' }, doc),
    );
    expect(soon).toMatchObject({
      type: 'document.expiring',
      projectId: 'p1',
      summary: 'SOC 2 expires on 2027-01-01',
    });
    const [expired] = await EVENT_SOURCES.document(
      change('document', 'MODIFY', { ...doc, expiryNotice: 'EXPIRED' }, { ...doc, expiryNotice: 'SOON' }),
    );
    expect(expired).toMatchObject({ projectId: undefined, data: { expired: true } });
  });

  it('consistency findings only when more are open than before', async () => {
    const check = { teamId: 't1', projectId: 'p1', openCount: 2 };
    const [found] = await EVENT_SOURCES.consistencyCheck(
      change('consistencyCheck', 'MODIFY', check, { ...check, openCount: 1 }),
    );
    expect(found).toMatchObject({
      type: 'consistency.findings',
      summary: 'The consistency check found 1 new finding (2 open)',
    });
    expect(await typesOf(change('consistencyCheck', 'MODIFY', { ...check, openCount: 1 }, check))).toEqual(
      [],
    );
    expect(await typesOf(change('consistencyCheck', 'INSERT', { ...check, openCount: 0 }))).toEqual([]);
  });
});

describe('signatures', () => {
  it('verify with the Standard Webhooks library for any body, with every secret in use', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 40 }), (text, id) => {
        const body = JSON.stringify({ text });
        const [current, previous] = [newSecret(), newSecret()];
        const headers = signedHeaders([current, previous], id, body);
        for (const secret of [current, previous])
          expect(new Verifier(secret).verify(body, headers)).toEqual({ text });
        expect(() => new Verifier(newSecret()).verify(body, headers)).toThrow();
        expect(() => new Verifier(current).verify(`${body} `, headers)).toThrow();
      }),
      { numRuns: 50 },
    );
  });

  it('use the previous secret only until its overlap ends', () => {
    const webhook = {
      secret: 'whsec_new',
      previousSecret: 'whsec_old',
      previousSecretExpiresAt: '2026-12-08T10:00:00Z',
    };
    expect(signingSecrets(webhook as WebhookItem, Date.parse('2026-12-08T09:59:59Z'))).toEqual([
      'whsec_new',
      'whsec_old',
    ]);
    expect(signingSecrets(webhook as WebhookItem, Date.parse('2026-12-08T10:00:00Z'))).toEqual(['whsec_new']);
  });
});

describe('formats', () => {
  const event: WebhookEvent = {
    id: 'evt_1',
    type: 'question.assigned',
    createdAt: '2026-12-07T10:00:00.000Z',
    teamId: 't1',
    summary: 'Mel was assigned “Do you <b>encrypt</b> data & keys?”',
    url: 'https://app.example.com/Projects/p1/q1',
    data: { projectId: 'p1' },
  };
  it('JSON is the event itself; Slack escapes its markup; Teams is an Adaptive Card', () => {
    expect(JSON.parse(bodyFor('JSON', event))).toEqual(event);
    const slack = JSON.parse(bodyFor('SLACK', event));
    expect(slack.blocks[0].text.text).toBe(
      '*Question assigned*\nMel was assigned “Do you &lt;b&gt;encrypt&lt;/b&gt; data &amp; keys?”',
    );
    expect(slack.blocks[1].elements[0].url).toBe(event.url);
    const card = JSON.parse(bodyFor('TEAMS', event)).attachments[0].content;
    expect(card.body[1].text).toBe(event.summary);
    expect(card.actions[0]).toEqual({ type: 'Action.OpenUrl', title: 'Open', url: event.url });
  });
});

describe('the address guard', () => {
  afterEach(() => {
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  });
  it('lets only public addresses through, and loopback only where configured', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:1.1.1.1'])
      expect(isPublicAddress(address), address).toBe(true);
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'on';
    expect(isPublicAddress('127.0.0.1')).toBe(true);
    expect(isPublicAddress('10.1.2.3')).toBe(false);
  });
  it('checks an endpoint when it is saved', () => {
    expect(endpointProblem('https://hooks.slack.com/services/T0/B0/x')).toBeNull();
    expect(endpointProblem('http://hooks.example.com/x')).toBe(HTTPS_MESSAGE);
    expect(endpointProblem('https://a:b@hooks.example.com/x')).toBe(CREDENTIALS_MESSAGE);
    expect(endpointProblem('https://localhost/x')).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(endpointProblem('https://[fd00::2]/x')).toBe(PRIVATE_ADDRESS_MESSAGE);
    expect(endpointProblem('http://127.0.0.1:9/x')).toBe(PRIVATE_ADDRESS_MESSAGE);
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'on';
    expect(endpointProblem('http://127.0.0.1:9/x')).toBeNull();
    expect(endpointProblem('http://10.0.0.1/x')).toBe(PRIVATE_ADDRESS_MESSAGE);
  });
});

describe('the retry schedule', () => {
  it('waits a minute, doubling to at most four hours: about 13 attempts in the 24 hours', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(retryDelayMs(30)).toBe(4 * 60 * 60 * 1000);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts) <= 24 * 60 * 60 * 1000) elapsed += retryDelayMs(attempts++);
    expect(attempts).toBe(13);
  });
});
