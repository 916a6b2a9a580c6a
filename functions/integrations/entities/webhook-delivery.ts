import { Entity } from 'electrodb';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../shared/webhook-events';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/** Deliveries still to retry, or claimed by a sender: one partition of the byStatus index. */
export const DUE_STATUSES: ReadonlySet<string> = new Set(['RETRYING', 'SENDING']);

/**
 * One event on its way to one endpoint, under the endpoint's partition in time order (its id starts
 * with the time), kept 30 days. PENDING is what the sender job takes from the stream; it claims the
 * delivery (SENDING) before it sends, so a record seen twice is sent once, and records SUCCEEDED,
 * RETRYING (with the time of the next attempt) or FAILED. Every write is a whole put on condition of
 * the state it read (functions/integrations/repo.ts). While RETRYING or SENDING it is in the due
 * index, by `nextAttemptAt`: the retry job's one Query (a sender that died mid-send is retried too).
 */
export const WebhookDeliveryEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'webhookDelivery', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        webhookId: { type: 'string', required: true },
        deliveryId: { type: 'string', required: true },
        /** The event's id: the same for every endpoint it goes to and for a resend. */
        eventId: { type: 'string', required: true },
        eventType: { type: 'string', required: true },
        summary: { type: 'string', required: true },
        /** The event as JSON (shared/schemas: functions/integrations/payloads.ts WebhookEvent). */
        event: { type: 'string', required: true },
        status: { type: WEBHOOK_DELIVERY_STATUSES, required: true },
        attempts: { type: 'number', required: true, default: 0 },
        responseCode: { type: 'number' },
        latencyMs: { type: 'number' },
        error: { type: 'string' },
        firstAttemptAt: { type: 'string' },
        lastAttemptAt: { type: 'string' },
        /** When it is (or was) due: its next attempt while RETRYING, a sender's claim while SENDING. */
        nextAttemptAt: { type: 'string', required: true },
        resendOf: { type: 'string' },
        expiresAt: { type: 'number', required: true },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'webhookId'], 'TEAM#${teamId}#WEBHOOK#${webhookId}'),
          sk: key('sk', ['deliveryId'], 'DELIVERY#${deliveryId}'),
        },
        due: {
          index: 'byStatus',
          condition: (attr: { status?: string }) => DUE_STATUSES.has(attr.status ?? ''),
          pk: key('byStatusPk', [], 'WEBHOOK_DELIVERIES_DUE'),
          sk: key(
            'byStatusSk',
            ['nextAttemptAt', 'teamId', 'webhookId', 'deliveryId'],
            '${nextAttemptAt}#${teamId}#${webhookId}#${deliveryId}',
          ),
        },
      },
    }),
);
