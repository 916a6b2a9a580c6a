import { describe, expect, it } from 'vitest';
import { isStopped, mailHealthOf, normaliseAddress, refusalMessage } from '../common/mail-health';
import {
  type AddressEvent,
  type AddressState,
  addressEvents,
  applyEvent,
  sesRecords,
  TRANSIENT_BOUNCE_LIMIT,
} from './events';

/** A bounce as SES publishes it (event publishing, the documented example's fields). */
const bounceEvent = (bounceType: string, bounceSubType: string, email = 'Recipient@Example.com') => ({
  eventType: 'Bounce',
  bounce: {
    bounceType,
    bounceSubType,
    bouncedRecipients: [
      {
        emailAddress: email,
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: 'smtp; 550 5.1.1 user unknown',
      },
    ],
    timestamp: '2026-11-20T10:00:00.000Z',
    feedbackId: '0100-feedback',
    reportingMTA: 'dsn; e226-55.smtp-out.us-west-2.amazonses.com',
  },
  mail: {
    timestamp: '2026-11-20T09:59:58.000Z',
    source: 'no-reply@example.com',
    messageId: 'msg-1',
    destination: [email],
    tags: { 'ses:configuration-set': ['cs'] },
  },
});

const apply = (events: AddressEvent[], start?: AddressState) =>
  events.reduce<AddressState | undefined>((state, e) => applyEvent(state, e) ?? state, start);

describe('SES event parsing', () => {
  it('reads a permanent bounce from an EventBridge event, an SNS record and a bare event alike', () => {
    const detail = bounceEvent('Permanent', 'General');
    const bridge = { source: 'aws.ses', 'detail-type': 'Email Bounced', detail };
    const sns = { Records: [{ Sns: { Message: JSON.stringify(detail) } }] };
    for (const input of [bridge, sns, detail]) {
      const [record] = sesRecords(input);
      expect(addressEvents(record)).toEqual([
        {
          key: 'Bounce:msg-1:2026-11-20T10:00:00.000Z:recipient@example.com',
          kind: 'PERMANENT_BOUNCE',
          address: 'recipient@example.com',
          at: '2026-11-20T10:00:00.000Z',
          reason: 'smtp; 550 5.1.1 user unknown',
        },
      ]);
    }
  });

  it('tells the suppression list, transient bounces, complaints, delays and deliveries apart', () => {
    const kind = (record: Record<string, unknown>) => addressEvents(record).map((e) => e.kind);
    expect(kind(bounceEvent('Permanent', 'OnAccountSuppressionList'))).toEqual(['SUPPRESSED']);
    expect(kind(bounceEvent('Transient', 'MailboxFull'))).toEqual(['TRANSIENT_BOUNCE']);
    expect(kind(bounceEvent('Undetermined', 'Undetermined'))).toEqual(['TRANSIENT_BOUNCE']);
    const mail = { messageId: 'm', timestamp: '2026-11-20T10:00:00Z', destination: ['a@b.c'] };
    expect(
      kind({
        eventType: 'Complaint',
        mail,
        complaint: { complainedRecipients: [{ emailAddress: 'a@b.c' }] },
      }),
    ).toEqual(['COMPLAINT']);
    expect(
      kind({
        eventType: 'DeliveryDelay',
        mail,
        deliveryDelay: { delayType: 'MailboxFull', delayedRecipients: [{ emailAddress: 'a@b.c' }] },
      }),
    ).toEqual(['DELAY']);
    expect(kind({ eventType: 'Delivery', mail, delivery: { recipients: ['a@b.c', 'd@e.f'] } })).toEqual([
      'DELIVERY',
      'DELIVERY',
    ]);
    // A reject is about the message (a virus), a send about nothing yet.
    expect(kind({ eventType: 'Reject', mail, reject: { reason: 'Bad content' } })).toEqual([]);
    expect(kind({ eventType: 'Send', mail, send: {} })).toEqual([]);
    expect(sesRecords({ hello: 'world' })).toEqual([]);
    expect(sesRecords({ Records: [{ Sns: { Message: 'not json' } }] })).toEqual([]);
  });

  it('normalises addresses as it keys them', () => {
    expect(normaliseAddress('  Ada Lovelace <ADA@Example.COM> ')).toBe('ada@example.com');
    expect(normaliseAddress('Grace@Example.com')).toBe('grace@example.com');
  });
});

describe('address state', () => {
  const [permanent] = addressEvents(bounceEvent('Permanent', 'General'));
  const transient = (n: number): AddressEvent => ({
    key: `t${n}`,
    kind: 'TRANSIENT_BOUNCE',
    address: 'recipient@example.com',
    at: `2026-11-2${n}T10:00:00.000Z`,
    reason: 'smtp; 452 4.2.2 mailbox full',
  });
  const delivery = (at: string): AddressEvent => ({
    key: `d${at}`,
    kind: 'DELIVERY',
    address: 'recipient@example.com',
    at,
    reason: 'Delivered',
  });

  it('stops sending for good on a permanent bounce, and a redelivered event changes nothing', () => {
    const state = apply([permanent])!;
    expect(state).toMatchObject({ state: 'BOUNCING', stopped: true, since: permanent.at });
    expect(state.retryAfter).toBeUndefined();
    expect(isStopped(state)).toBe(true);
    expect(applyEvent(state, permanent)).toBeUndefined();
    // A later delivery never clears a permanent bounce.
    expect(apply([delivery('2026-11-28T00:00:00.000Z')], state)).toMatchObject({
      state: 'BOUNCING',
      stopped: true,
    });
  });

  it('counts transient bounces, stops for a while at the limit, and a later delivery clears them', () => {
    const below = apply([1, 2].map(transient))!;
    expect(below).toMatchObject({ state: 'DELAYED', stopped: false, transientBounces: 2 });
    const at = apply(Array.from({ length: TRANSIENT_BOUNCE_LIMIT }, (_, i) => transient(i + 1)))!;
    expect(at).toMatchObject({ state: 'BOUNCING', stopped: true, transientBounces: TRANSIENT_BOUNCE_LIMIT });
    expect(isStopped(at, Date.parse('2026-11-24T00:00:00Z'))).toBe(true);
    expect(isStopped(at, Date.parse(at.retryAfter!) + 1)).toBe(false);
    const cleared = apply([delivery('2026-11-27T00:00:00.000Z')], at)!;
    expect(cleared).toMatchObject({ state: 'DELIVERING', stopped: false, transientBounces: 0 });
    expect(cleared.retryAfter).toBeUndefined();
    // An older delivery (out of order) does not.
    expect(apply([delivery('2026-11-01T00:00:00.000Z')], at)).toMatchObject({ state: 'BOUNCING' });
  });

  it('records nothing for a delivery to an address it knows nothing of', () => {
    expect(applyEvent(undefined, delivery('2026-11-27T00:00:00.000Z'))).toBeUndefined();
  });

  it('lets a complaint outrank a bounce, and says why in words a sender can act on', () => {
    const complaint: AddressEvent = {
      ...permanent,
      key: 'c',
      kind: 'COMPLAINT',
      at: '2026-11-21T08:00:00.000Z',
    };
    const state = apply([permanent, complaint])!;
    expect(state).toMatchObject({ state: 'COMPLAINED', stopped: true, since: complaint.at });
    expect(refusalMessage(state)).toBe(
      'recipient@example.com is not receiving our e-mail (they marked it as spam on 21 Nov 2026). Check the address or ask them another way.',
    );
    expect(refusalMessage(apply([permanent])!)).toBe(
      'recipient@example.com is not receiving our e-mail (it bounced on 20 Nov 2026). Check the address or ask them another way.',
    );
    expect(mailHealthOf({ ...state, version: 1, appliedEvents: [] })?.state).toBe('COMPLAINED');
  });
});
