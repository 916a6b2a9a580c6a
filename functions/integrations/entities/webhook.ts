import { Entity } from 'electrodb';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_FORMATS } from '../../../shared/webhook-events';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * An outgoing webhook endpoint of a team (Settings → Integrations), in the team's partition. The
 * signing secret is kept to sign deliveries (never answered after it was shown); after a rotation the
 * previous one signs too until `previousSecretExpiresAt`. The sender job records how its deliveries
 * go (`failingSince`, `lastDelivery…`) and disables it after WEBHOOK_DISABLE_HOURS of failures; the
 * reactions tell the team's admins when that happens.
 */
export const WebhookEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'webhook', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        webhookId: { type: 'string', required: true },
        url: { type: 'string', required: true },
        format: { type: WEBHOOK_FORMATS, required: true },
        events: { type: 'list', items: { type: 'string' }, required: true },
        /** Only this project's events; absent: the whole team's (never a PRIVATE project's). */
        projectId: { type: 'string' },
        description: { type: 'string', required: true, default: '' },
        secret: { type: 'string', required: true },
        previousSecret: { type: 'string' },
        previousSecretExpiresAt: { type: 'string' },
        enabled: { type: 'boolean', required: true, default: true },
        /** 'PAUSED' by a person, or 'FAILING' when the sender disabled it. */
        disabledReason: { type: ['PAUSED', 'FAILING'] as const },
        disabledAt: { type: 'string' },
        failingSince: { type: 'string' },
        lastDeliveryAt: { type: 'string' },
        lastDeliveryStatus: { type: WEBHOOK_DELIVERY_STATUSES },
        createdByUserId: { type: 'string', required: true },
        updatedByUserId: { type: 'string' },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key('sk', ['webhookId'], 'WEBHOOK#${webhookId}'),
        },
      },
    }),
);
