/** The integrations group's access patterns, named. Endpoints live under the team's partition. */
import { createHash } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { checkedCursor } from '../common/cursor';
import { bindService } from '../common/db';
import { db as shared } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { WebhookEntity } from './entities/webhook';
import { WebhookDeliveryEntity } from './entities/webhook-delivery';

const db = bindService({ webhook: WebhookEntity, webhookDelivery: WebhookDeliveryEntity });

export type WebhookItem = EntityItem<typeof WebhookEntity>;
export type DeliveryItem = EntityItem<typeof WebhookDeliveryEntity>;
type DeliveryKey = Pick<DeliveryItem, 'teamId' | 'webhookId' | 'deliveryId'>;

/** Deliveries are kept this long (the table's TTL removes them). */
const DELIVERY_DAYS = 30;
export const DELIVERIES_PAGE = 50;

/**
 * Sortable ids (time first, base 36), so an endpoint's deliveries list newest first from one Query;
 * a reaction passes its stream record's time and a seed, so a redelivered record yields the same id.
 */
export function deliveryIdOf(at: number, seed: string) {
  return `${at.toString(36).padStart(9, '0')}-${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`;
}

export const deliveryExpiry = (at = Date.now()) => Math.floor(at / 1000) + DELIVERY_DAYS * 24 * 60 * 60;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

/** The team's endpoints (at most WEBHOOKS_PER_TEAM): one Query. */
export async function teamWebhooks(teamId: string) {
  const { data } = await db().entities.webhook.query.primary({ teamId }).go({ pages: 'all' });
  return data;
}

export async function getWebhook(teamId: string, webhookId: string) {
  const { data } = await db().entities.webhook.get({ teamId, webhookId }).go();
  return data;
}

export async function createWebhook(item: Omit<WebhookItem, 'createdAt' | 'updatedAt'>) {
  const { data } = await db().entities.webhook.create(item).go();
  return data as WebhookItem;
}

type WebhookChanges = Partial<Omit<WebhookItem, 'teamId' | 'webhookId' | 'createdAt' | 'updatedAt'>>;

/**
 * Sets and removes attributes of an endpoint that still exists; answers it as written, or null when
 * it was deleted meanwhile.
 */
export async function updateWebhook(
  key: Pick<WebhookItem, 'teamId' | 'webhookId'>,
  set: WebhookChanges,
  remove: Array<keyof WebhookChanges> = [],
) {
  try {
    let update = db().entities.webhook.patch(key).set(set);
    if (remove.length) update = update.remove(remove as never);
    const { data } = await update.go({ response: 'all_new' });
    return data as WebhookItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export async function deleteWebhook(key: Pick<WebhookItem, 'teamId' | 'webhookId'>) {
  await db().entities.webhook.delete(key).go();
}

// ---------------------------------------------------------------------------------------------
// Deliveries
// ---------------------------------------------------------------------------------------------

/** Writes a new delivery once: the same id again (a redelivered stream record) changes nothing. */
export async function createDelivery(item: Omit<DeliveryItem, 'createdAt' | 'updatedAt'>) {
  try {
    const { data } = await db().entities.webhookDelivery.create(item).go();
    return data as DeliveryItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export async function getDelivery(key: DeliveryKey) {
  const { data } = await db().entities.webhookDelivery.get(key).go();
  return data;
}

/**
 * Moves a delivery on from the state it was read in: a whole put (its due-index keys follow its
 * status) on condition that nobody moved it since (same status, same attempts). False when someone did.
 */
export async function replaceDelivery(read: DeliveryItem, next: DeliveryItem) {
  try {
    await db()
      .entities.webhookDelivery.put(next)
      .where((attr, { eq }) => `${eq(attr.status, read.status)} AND ${eq(attr.attempts, read.attempts)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteDelivery(key: DeliveryKey) {
  await db().entities.webhookDelivery.delete(key).go();
}

/** One page of an endpoint's deliveries, newest first; a cursor not of this Query answers 400. */
export async function deliveriesPage(teamId: string, webhookId: string, cursor?: string) {
  const query = db().entities.webhookDelivery.query.primary({ teamId, webhookId });
  return query.go({
    order: 'desc',
    count: DELIVERIES_PAGE,
    limit: DELIVERIES_PAGE,
    cursor: checkedCursor(cursor, query) ?? null,
  });
}

/** Deliveries of every team whose next attempt (or a sender's claim) is due by `now`, oldest first. */
export async function dueDeliveries(now: string, limit: number) {
  const { data } = await db()
    .entities.webhookDelivery.query.due({})
    .lte({ nextAttemptAt: now })
    .go({ limit, count: limit });
  return data;
}

// ---------------------------------------------------------------------------------------------
// What events need from other groups' items (reads only)
// ---------------------------------------------------------------------------------------------

export async function getProject(teamId: string, projectId: string) {
  const { data } = await shared().entities.project.get({ teamId, projectId }).go();
  return data;
}

/** The team's members who administer it (UPDATE_TEAM), with their user records. */
export async function teamMemberships(teamId: string) {
  const { data } = await shared().entities.membership.query.primary({ teamId }).go({ pages: 'all' });
  return data;
}
