/**
 * Deliveries: made for an event (by the reactions, a resend or a test), and sent by the sender job.
 * Each attempt is claimed first (SENDING), so a delivery seen twice is sent once; a failed attempt is
 * retried with backoff (RETRYING, picked up by the retry job) until WEBHOOK_RETRY_HOURS after the
 * first, then FAILED. The endpoint keeps `failingSince` while every delivery fails and is disabled
 * after WEBHOOK_DISABLE_HOURS of it (the reactions tell the admins).
 */

import type { WebhookDelivery } from '../../shared/schemas/webhook';
import { WEBHOOK_DISABLE_HOURS, WEBHOOK_RETRY_HOURS } from '../../shared/webhook-events';
import { logger } from '../common/logger';
import { bodyFor, type WebhookEvent } from './payloads';
import { type AttemptResult, postJson, succeeded } from './post';
import * as repo from './repo';
import { signedHeaders } from './signing';

const HOUR_MS = 60 * 60 * 1000;
/** A sender's claim on a delivery: longer than an attempt, after which the retry job takes it back. */
const CLAIM_MS = 2 * 60 * 1000;
/** The first retry a minute after a failure, doubling, at most every 4 hours. */
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_WAIT_MS = 4 * HOUR_MS;

export const retryDelayMs = (attempts: number) =>
  Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

/** A delivery of `event` to `webhook`, not yet attempted. */
export function newDelivery(
  webhook: Pick<repo.WebhookItem, 'teamId' | 'webhookId'>,
  event: WebhookEvent,
  deliveryId: string,
  resendOf?: string,
): Omit<repo.DeliveryItem, 'createdAt' | 'updatedAt'> {
  return {
    teamId: webhook.teamId,
    webhookId: webhook.webhookId,
    deliveryId,
    eventId: event.id,
    eventType: event.type,
    summary: event.summary,
    event: JSON.stringify(event),
    status: 'PENDING',
    attempts: 0,
    // Due now; the due index keys on it (it is in that index only while RETRYING or SENDING).
    nextAttemptAt: new Date().toISOString(),
    expiresAt: repo.deliveryExpiry(),
    ...(resendOf ? { resendOf } : {}),
  };
}

export const toDelivery = (d: repo.DeliveryItem): WebhookDelivery => ({
  deliveryId: d.deliveryId,
  eventType: d.eventType as WebhookDelivery['eventType'],
  summary: d.summary,
  status: d.status,
  attempts: d.attempts,
  responseCode: d.responseCode ?? null,
  latencyMs: d.latencyMs ?? null,
  error: d.error ?? null,
  createdAt: d.createdAt,
  lastAttemptAt: d.lastAttemptAt ?? null,
  nextAttemptAt: d.status === 'RETRYING' ? (d.nextAttemptAt ?? null) : null,
  resendOf: d.resendOf ?? null,
});

/** The secrets a delivery is signed with now: the current one, and the previous one while it overlaps. */
export function signingSecrets(webhook: repo.WebhookItem, now = Date.now()) {
  const previous =
    webhook.previousSecret &&
    webhook.previousSecretExpiresAt &&
    Date.parse(webhook.previousSecretExpiresAt) > now
      ? [webhook.previousSecret]
      : [];
  return [webhook.secret, ...previous];
}

const without = (item: repo.DeliveryItem, ...names: Array<keyof repo.DeliveryItem>) => {
  const copy = { ...item };
  for (const name of names) delete copy[name];
  return copy;
};

/** Ends a delivery that cannot be made (its endpoint removed or turned off). */
async function drop(delivery: repo.DeliveryItem, webhook: repo.WebhookItem | null) {
  if (!webhook) return repo.deleteDelivery(delivery);
  const reason = webhook.disabledReason === 'FAILING' ? 'disabled after failing for 24 hours' : 'paused';
  await repo.replaceDelivery(delivery, {
    ...delivery,
    status: 'FAILED',
    error: `Not sent: the endpoint is ${reason}`,
  });
}

/** Records how an attempt went on the endpoint; disables it once it has failed long enough. */
async function recordOnEndpoint(
  webhook: repo.WebhookItem,
  ok: boolean,
  status: repo.DeliveryItem['status'],
  at: number,
) {
  const when = new Date(at).toISOString();
  const key = { teamId: webhook.teamId, webhookId: webhook.webhookId };
  if (ok) {
    await repo.updateWebhook(key, { lastDeliveryAt: when, lastDeliveryStatus: status }, ['failingSince']);
    return;
  }
  const failingSince = webhook.failingSince ?? when;
  const disable = at - Date.parse(failingSince) >= WEBHOOK_DISABLE_HOURS * HOUR_MS;
  await repo.updateWebhook(key, {
    lastDeliveryAt: when,
    lastDeliveryStatus: status,
    failingSince,
    ...(disable && webhook.enabled
      ? { enabled: false, disabledReason: 'FAILING' as const, disabledAt: when }
      : {}),
  });
}

/**
 * One attempt at a PENDING delivery (the sender job's work for one stream record). Nothing happens
 * for a delivery that is not PENDING any more, or that another sender claimed first.
 */
export async function attemptDelivery(key: Pick<repo.DeliveryItem, 'teamId' | 'webhookId' | 'deliveryId'>) {
  const delivery = await repo.getDelivery(key);
  if (delivery?.status !== 'PENDING') return;
  const webhook = await repo.getWebhook(key.teamId, key.webhookId);
  if (!webhook?.enabled) return drop(delivery, webhook);

  const now = Date.now();
  const claimed: repo.DeliveryItem = {
    ...delivery,
    status: 'SENDING',
    attempts: delivery.attempts + 1,
    firstAttemptAt: delivery.firstAttemptAt ?? new Date(now).toISOString(),
    lastAttemptAt: new Date(now).toISOString(),
    nextAttemptAt: new Date(now + CLAIM_MS).toISOString(),
  };
  if (!(await repo.replaceDelivery(delivery, claimed))) return;

  const event = JSON.parse(delivery.event) as WebhookEvent;
  const body = bodyFor(webhook.format, event);
  const result: AttemptResult = await postJson(
    webhook.url,
    body,
    signedHeaders(signingSecrets(webhook, now), delivery.deliveryId, body, now),
  );
  const ok = succeeded(result);
  const at = Date.now();
  const retryAt = at + retryDelayMs(claimed.attempts);
  const giveUp = retryAt - Date.parse(claimed.firstAttemptAt ?? '') > WEBHOOK_RETRY_HOURS * HOUR_MS;
  const status = ok ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'RETRYING';
  const outcome: repo.DeliveryItem = {
    ...without(claimed, 'responseCode', 'error'),
    status,
    latencyMs: result.latencyMs,
    ...(result.status !== undefined ? { responseCode: result.status } : {}),
    ...(result.error ? { error: result.error } : {}),
    nextAttemptAt: new Date(status === 'RETRYING' ? retryAt : at).toISOString(),
  };
  if (!(await repo.replaceDelivery(claimed, outcome)))
    logger.warn('webhook delivery moved while it was sent', { deliveryId: delivery.deliveryId });
  await recordOnEndpoint(webhook, ok, status, at);
}

/** At most this many due deliveries are put back on their way per run (the rest wait a minute). */
const RETRIES_PER_RUN = 500;

/**
 * The retry job's run: every delivery whose retry is due (or whose sender's claim lapsed) becomes
 * PENDING again, which the stream hands to the sender job. Answers how many were.
 */
export async function retryDue(now = Date.now()): Promise<number> {
  const due = await repo.dueDeliveries(new Date(now).toISOString(), RETRIES_PER_RUN);
  let retried = 0;
  for (const delivery of due) {
    const next = { ...delivery, status: 'PENDING' as const };
    if (await repo.replaceDelivery(delivery, next)) retried++;
  }
  return retried;
}
