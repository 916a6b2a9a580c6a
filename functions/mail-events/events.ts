/**
 * SES event publishing, read and applied to an address's state. SES sends one record per event of a
 * message (the configuration set's event destination: EventBridge on AWS, the local mail path's
 * simulator locally) with `eventType` and the event's object:
 * - Bounce: `bounce.bounceType` Permanent (or Transient / Undetermined), `bounce.bounceSubType`
 *   (OnAccountSuppressionList / Suppressed when SES did not even try), `bounce.bouncedRecipients[]`
 *   with `emailAddress` and `diagnosticCode`;
 * - Complaint: `complaint.complainedRecipients[].emailAddress`, `complaintFeedbackType`;
 * - DeliveryDelay: `deliveryDelay.delayedRecipients[]`, `delayType`;
 * - Delivery: `delivery.recipients[]`;
 * - Reject: the message carried a virus, so nothing about an address.
 * `mail.messageId` and the event's timestamp identify an event, so a redelivered one changes nothing.
 */
import type { MailAddressItem } from '../common/entities';
import { normaliseAddress } from '../common/mail-health';

export type MailEventKind =
  | 'PERMANENT_BOUNCE'
  | 'SUPPRESSED'
  | 'TRANSIENT_BOUNCE'
  | 'COMPLAINT'
  | 'DELAY'
  | 'DELIVERY';

/** One event about one address. */
export interface AddressEvent {
  /** Unique per event and address: a redelivery has the same key. */
  key: string;
  kind: MailEventKind;
  address: string;
  /** ISO time SES gives the event. */
  at: string;
  reason: string;
}

/** Transient bounces in a row (no delivery between) after which sending stops for a while. */
export const TRANSIENT_BOUNCE_LIMIT = 3;
/** How long a stop for transient bounces lasts. */
export const TRANSIENT_STOP_MS = 3 * 24 * 60 * 60_000;
/** How many applied event keys an address keeps for idempotency. */
const KEPT_EVENT_KEYS = 20;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);
const iso = (value: unknown, fallback: string) => {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
};

/** The SES records in what invoked us: EventBridge events (`detail`), SNS records, or bare SES events. */
export function sesRecords(input: unknown): Json[] {
  if (Array.isArray(input)) return input.flatMap(sesRecords);
  const event = obj(input);
  if (Array.isArray(event.Records))
    return event.Records.flatMap((record) => {
      const message = str(obj(obj(record).Sns).Message);
      if (!message) return [];
      try {
        return sesRecords(JSON.parse(message));
      } catch {
        return [];
      }
    });
  if (event.source === 'aws.ses' && event.detail) return sesRecords(event.detail);
  return str(event.eventType) || str(event.notificationType) ? [event] : [];
}

/** Each address an SES event is about, with what happened to it. */
export function addressEvents(record: Json): AddressEvent[] {
  const type = str(record.eventType) ?? str(record.notificationType);
  const mail = obj(record.mail);
  const messageId = str(mail.messageId) ?? 'unknown';
  const mailAt = iso(mail.timestamp, new Date(0).toISOString());
  const events = (
    kind: MailEventKind,
    recipients: Json[],
    at: string,
    reason: (recipient: Json) => string,
  ): AddressEvent[] =>
    recipients.flatMap((recipient) => {
      const raw = str(recipient.emailAddress) ?? str(recipient.address);
      if (!raw) return [];
      const address = normaliseAddress(raw);
      return [{ key: `${type}:${messageId}:${at}:${address}`, kind, address, at, reason: reason(recipient) }];
    });

  switch (type) {
    case 'Bounce': {
      const bounce = obj(record.bounce);
      const bounceType = str(bounce.bounceType) ?? 'Undetermined';
      const subType = str(bounce.bounceSubType) ?? 'General';
      const kind: MailEventKind =
        bounceType === 'Permanent'
          ? subType === 'OnAccountSuppressionList' || subType === 'Suppressed'
            ? 'SUPPRESSED'
            : 'PERMANENT_BOUNCE'
          : 'TRANSIENT_BOUNCE';
      const at = iso(bounce.timestamp, mailAt);
      return events(kind, list(bounce.bouncedRecipients), at, (r) =>
        oneLine(str(r.diagnosticCode) ?? `${bounceType} bounce (${subType})`),
      );
    }
    case 'Complaint': {
      const complaint = obj(record.complaint);
      const at = iso(complaint.timestamp, mailAt);
      const feedback = str(complaint.complaintFeedbackType) ?? 'abuse';
      return events('COMPLAINT', list(complaint.complainedRecipients), at, () => `Complaint (${feedback})`);
    }
    case 'DeliveryDelay': {
      const delay = obj(record.deliveryDelay);
      const at = iso(delay.timestamp, mailAt);
      const delayType = str(delay.delayType) ?? 'Undetermined';
      return events('DELAY', list(delay.delayedRecipients), at, (r) =>
        oneLine(str(r.diagnosticCode) ?? `Delivery delayed (${delayType})`),
      );
    }
    case 'Delivery': {
      const delivery = obj(record.delivery);
      const at = iso(delivery.timestamp, mailAt);
      const recipients = Array.isArray(delivery.recipients)
        ? delivery.recipients
            .filter((r): r is string => typeof r === 'string')
            .map((emailAddress) => ({ emailAddress }))
        : [];
      return events('DELIVERY', recipients, at, () => 'Delivered');
    }
    default:
      // Send, Reject (a virus: about the message, not the address), Open, Click, Rendering Failure…
      return [];
  }
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 500);

/** The state an address is in; `undefined` before anything was recorded. */
export type AddressState = Pick<
  MailAddressItem,
  'address' | 'state' | 'stopped' | 'since' | 'reason' | 'transientBounces' | 'appliedEvents' | 'lastEventAt'
> & { retryAfter?: string };

/**
 * The state after `event`, or undefined when nothing changes (an event applied before, or a delivery
 * to an address we know nothing about). A permanent bounce, the suppression list or a complaint stop
 * sending for good; transient bounces count, and stop sending for a while at the limit; a delay is
 * noted; a delivery clears a transient state (never a permanent one).
 */
export function applyEvent(current: AddressState | undefined, event: AddressEvent): AddressState | undefined {
  if (current?.appliedEvents.includes(event.key)) return undefined;
  if (!current && event.kind === 'DELIVERY') return undefined;
  const applied = [...(current?.appliedEvents ?? []), event.key].slice(-KEPT_EVENT_KEYS);
  const lastEventAt = current && current.lastEventAt > event.at ? current.lastEventAt : event.at;
  const base = {
    address: event.address,
    transientBounces: current?.transientBounces ?? 0,
    appliedEvents: applied,
    lastEventAt,
  };
  const permanent = Boolean(current?.stopped && !current.retryAfter);
  const keep = (): AddressState => ({ ...(current as AddressState), appliedEvents: applied, lastEventAt });
  switch (event.kind) {
    case 'PERMANENT_BOUNCE':
    case 'SUPPRESSED':
    case 'COMPLAINT': {
      // A complaint outranks a bounce; an earlier permanent state keeps its date.
      if (permanent && (current?.state === 'COMPLAINED' || event.kind !== 'COMPLAINT')) return keep();
      const state =
        event.kind === 'COMPLAINT' ? 'COMPLAINED' : event.kind === 'SUPPRESSED' ? 'SUPPRESSED' : 'BOUNCING';
      return { ...base, state, stopped: true, since: event.at, reason: event.reason };
    }
    case 'TRANSIENT_BOUNCE': {
      if (permanent) return keep();
      const transientBounces = base.transientBounces + 1;
      if (transientBounces >= TRANSIENT_BOUNCE_LIMIT)
        return {
          ...base,
          transientBounces,
          state: 'BOUNCING',
          stopped: true,
          since: event.at,
          reason: event.reason,
          retryAfter: new Date(Date.parse(event.at) + TRANSIENT_STOP_MS).toISOString(),
        };
      return {
        ...base,
        transientBounces,
        state: 'DELAYED',
        stopped: false,
        since: event.at,
        reason: event.reason,
      };
    }
    case 'DELAY': {
      if (current?.stopped) return keep();
      return { ...base, state: 'DELAYED', stopped: false, since: event.at, reason: event.reason };
    }
    case 'DELIVERY': {
      // Only a delivery newer than the state clears it; a permanent state stays.
      if (permanent || (current && event.at < current.since)) return keep();
      return {
        ...base,
        transientBounces: 0,
        state: 'DELIVERING',
        stopped: false,
        since: event.at,
        reason: event.reason,
      };
    }
  }
}
