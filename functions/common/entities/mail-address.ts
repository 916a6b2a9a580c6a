import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/**
 * What SES told us about one recipient address (bounces, complaints, delays, deliveries through the
 * configuration set's event destination), keyed by the normalised address. It is not a team's data:
 * SES's reputation and suppression list are the account's, so an address that bounces bounces for
 * every team. Written only by the mailEvents function (functions/mail-events); read before each send
 * (functions/common/mail-health.ts) and shown on the Team page.
 */
export const MailAddressEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'mailAddress', version: '1', service: SERVICE },
      attributes: {
        address: { type: 'string', required: true },
        /** DELIVERING once a delivery cleared an earlier transient state. */
        state: {
          type: ['BOUNCING', 'SUPPRESSED', 'COMPLAINED', 'DELAYED', 'DELIVERING'] as const,
          required: true,
        },
        /** Sending to it stops (a permanent bounce, a complaint, or transient bounces past the threshold). */
        stopped: { type: 'boolean', required: true },
        /** ISO time of the event that put the address in this state. */
        since: { type: 'string', required: true },
        /** What the receiving server or SES said (diagnostic code, bounce type). */
        reason: { type: 'string', required: true },
        /** Transient (soft) bounces since the last delivery. */
        transientBounces: { type: 'number', required: true, default: 0 },
        /** Keys of the events already applied (the newest few), so a redelivered event changes nothing. */
        appliedEvents: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
        /** A stop for transient bounces only lasts until then (ISO); a permanent one has none. */
        retryAfter: { type: 'string' },
        /** ISO time of the newest event applied. */
        lastEventAt: { type: 'string', required: true },
        version: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        primary: { pk: key('pk', ['address'], 'MAIL#${address}'), sk: key('sk', [], 'STATE') },
      },
    }),
);
