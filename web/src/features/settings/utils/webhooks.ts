import type { Webhook, WebhookDelivery } from '@shared/schemas/webhook';
import { WEBHOOK_EVENTS, WEBHOOK_PING, type WebhookEventType } from '@shared/webhook-events';

export const SECRET_SHOWN_ONCE =
  "Copy this signing secret now and keep it with the receiving system: it won't be shown again.";
export const WEBHOOK_MESSAGES = {
  fetch: 'Your webhooks could not be loaded',
  save: 'The webhook could not be saved',
  remove: 'The webhook could not be removed',
  rotate: 'A new secret could not be made',
  test: 'The test event could not be queued',
  resend: 'The delivery could not be sent again',
  deliveries: 'The deliveries could not be loaded',
} as const;

/** What an endpoint's badge says and its colour. */
export function endpointState(webhook: Pick<Webhook, 'enabled' | 'disabledReason' | 'failingSince'>) {
  if (!webhook.enabled)
    return webhook.disabledReason === 'Paused'
      ? { label: 'Paused', color: 'gray' }
      : { label: 'Turned off', color: 'red' };
  if (webhook.failingSince) return { label: 'Failing', color: 'orange' };
  return { label: 'Active', color: 'teal' };
}

const DELIVERY_STATES: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  PENDING: { label: 'Queued', color: 'blue' },
  SENDING: { label: 'Sending', color: 'blue' },
  RETRYING: { label: 'Retrying', color: 'orange' },
  SUCCEEDED: { label: 'Delivered', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
};
export const deliveryState = (status: WebhookDelivery['status']) => DELIVERY_STATES[status];

export const eventLabel = (type: WebhookDelivery['eventType']) =>
  type === WEBHOOK_PING ? 'Test event' : WEBHOOK_EVENTS[type as WebhookEventType];

/** "3 events" or the one event's name. */
export function eventsSummary(events: readonly WebhookEventType[]) {
  if (events.length === Object.keys(WEBHOOK_EVENTS).length) return 'All events';
  if (events.length === 1) return WEBHOOK_EVENTS[events[0]];
  return `${events.length} events`;
}
