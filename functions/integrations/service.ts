/**
 * Settings → Integrations: a team's webhook endpoints (UPDATE_TEAM, checked by the route table). An
 * endpoint of a PRIVATE project is seen and managed only by those who may see the project: to anyone
 * else it does not exist (404), like the project. Requests only write; deliveries are made by the
 * stream (reactions.ts, sender-job.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  WebhookDeliveriesPage,
  type WebhookDelivery,
} from '../../shared/schemas/webhook';
import { WEBHOOK_PING, WEBHOOK_SECRET_OVERLAP_HOURS, WEBHOOKS_PER_TEAM } from '../../shared/webhook-events';
import type { TeamCaller } from '../common/caller';
import { config } from '../common/config';
import { canSeeProject } from '../common/entities';
import { BadRequestError, NotFoundError } from '../common/errors';
import { endpointProblem } from './address-guard';
import { newDelivery, toDelivery } from './deliveries';
import { integrationsPath } from './emails';
import type { WebhookEvent } from './payloads';
import * as repo from './repo';
import { newSecret, secretPrefix } from './signing';

export const WEBHOOK_NOT_FOUND = 'That webhook does not exist';
export const DELIVERY_NOT_FOUND = 'That delivery does not exist';
export const TOO_MANY_WEBHOOKS = `A team can have at most ${WEBHOOKS_PER_TEAM} webhooks; remove one before adding another`;
const PROJECT_UNKNOWN = 'That project does not exist';

const invalid = (field: string, message: string) =>
  new BadRequestError('Invalid request body', { [field]: [message] });

function toWebhook(item: repo.WebhookItem, projectName: string | null): Webhook {
  return {
    webhookId: item.webhookId,
    url: item.url,
    format: item.format,
    events: item.events as Webhook['events'],
    projectId: item.projectId ?? null,
    projectName,
    description: item.description,
    enabled: item.enabled,
    disabledReason: item.enabled
      ? null
      : item.disabledReason === 'FAILING'
        ? 'Turned off after failing for 24 hours'
        : 'Paused',
    failingSince: item.failingSince ?? null,
    lastDeliveryAt: item.lastDeliveryAt ?? null,
    lastDeliveryStatus: item.lastDeliveryStatus ?? null,
    secretPrefix: secretPrefix(item.secret),
    previousSecretExpiresAt:
      item.previousSecretExpiresAt && Date.parse(item.previousSecretExpiresAt) > Date.now()
        ? item.previousSecretExpiresAt
        : null,
    createdAt: item.createdAt,
  };
}

/** The endpoint's project as the caller may see it: undefined for a team endpoint, null when hidden. */
async function projectFor(
  caller: TeamCaller,
  item: repo.WebhookItem,
  read = (projectId: string) => repo.getProject(item.teamId, projectId),
) {
  if (!item.projectId) return undefined;
  const project = await read(item.projectId);
  if (project && !canSeeProject(project, caller.user.userId)) return null;
  return project ?? { name: null };
}

/** The caller's endpoint, or 404 (absent, another team's, or of a PRIVATE project the caller is not on). */
async function visibleWebhook(caller: TeamCaller, webhookId: string) {
  const item = await repo.getWebhook(caller.user.teamId, webhookId);
  if (!item) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  const project = await projectFor(caller, item);
  if (project === null) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return { item, projectName: project?.name ?? null };
}

function checkUrl(url: string) {
  const problem = endpointProblem(url);
  if (problem) throw invalid('url', problem);
}

export async function listWebhooks(caller: TeamCaller): Promise<Webhook[]> {
  const teamId = caller.user.teamId;
  const items = await repo.teamWebhooks(teamId);
  // One read per project, however many of its endpoints there are.
  const reads = new Map<string, ReturnType<typeof repo.getProject>>();
  const read = (projectId: string) => {
    if (!reads.has(projectId)) reads.set(projectId, repo.getProject(teamId, projectId));
    return reads.get(projectId) as ReturnType<typeof repo.getProject>;
  };
  const shown = await Promise.all(
    items.map(async (item) => ({ item, project: await projectFor(caller, item, read) })),
  );
  return shown
    .filter(({ project }) => project !== null)
    .sort((a, b) => a.item.createdAt.localeCompare(b.item.createdAt))
    .map(({ item, project }) => toWebhook(item, project?.name ?? null));
}

export async function createWebhook(caller: TeamCaller, body: CreateWebhookRequest) {
  checkUrl(body.url);
  const teamId = caller.user.teamId;
  let projectName: string | null = null;
  if (body.projectId) {
    const project = await repo.getProject(teamId, body.projectId);
    if (!project || !canSeeProject(project, caller.user.userId)) throw invalid('projectId', PROJECT_UNKNOWN);
    projectName = project.name;
  }
  if ((await repo.teamWebhooks(teamId)).length >= WEBHOOKS_PER_TEAM)
    throw new BadRequestError(TOO_MANY_WEBHOOKS);
  const secret = newSecret();
  const item = await repo.createWebhook({
    teamId,
    webhookId: randomUUID(),
    url: body.url,
    format: body.format ?? 'JSON',
    events: [...new Set(body.events)],
    ...(body.projectId ? { projectId: body.projectId } : {}),
    description: body.description ?? '',
    secret,
    enabled: true,
    createdByUserId: caller.user.userId,
  });
  return { ...toWebhook(item, projectName), secret };
}

export async function updateWebhook(caller: TeamCaller, webhookId: string, body: UpdateWebhookRequest) {
  const { item, projectName } = await visibleWebhook(caller, webhookId);
  if (body.url !== undefined) checkUrl(body.url);
  const now = new Date().toISOString();
  const turnOn = body.enabled === true && !item.enabled;
  const pause = body.enabled === false && item.enabled;
  const updated = await repo.updateWebhook(
    item,
    {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events ? { events: [...new Set(body.events)] } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(turnOn ? { enabled: true } : {}),
      ...(pause ? { enabled: false, disabledReason: 'PAUSED' as const, disabledAt: now } : {}),
      updatedByUserId: caller.user.userId,
    },
    turnOn ? ['disabledReason', 'disabledAt', 'failingSince'] : [],
  );
  if (!updated) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return toWebhook(updated, projectName);
}

export async function deleteWebhook(caller: TeamCaller, webhookId: string) {
  const { item } = await visibleWebhook(caller, webhookId);
  await repo.deleteWebhook(item);
  return { ok: true as const };
}

export async function rotateSecret(caller: TeamCaller, webhookId: string) {
  const { item, projectName } = await visibleWebhook(caller, webhookId);
  const secret = newSecret();
  const overlapEnds = new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_HOURS * 60 * 60 * 1000).toISOString();
  const updated = await repo.updateWebhook(item, {
    secret,
    previousSecret: item.secret,
    previousSecretExpiresAt: overlapEnds,
    updatedByUserId: caller.user.userId,
  });
  if (!updated) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return { ...toWebhook(updated, projectName), secret };
}

async function queue(
  item: repo.WebhookItem,
  event: WebhookEvent,
  resendOf?: string,
): Promise<WebhookDelivery> {
  const now = Date.now();
  const created = await repo.createDelivery(
    newDelivery(item, event, repo.deliveryIdOf(now, randomUUID()), resendOf),
  );
  if (!created) throw new Error('A new delivery id was taken');
  return toDelivery(created);
}

export async function sendTest(caller: TeamCaller, webhookId: string) {
  const { item } = await visibleWebhook(caller, webhookId);
  return queue(item, {
    id: `evt_test_${randomUUID().replace(/-/g, '')}`,
    type: WEBHOOK_PING,
    createdAt: new Date().toISOString(),
    teamId: item.teamId,
    summary: 'A test event from Settings → Integrations',
    url: `${config.appUrl.replace(/\/+$/, '')}${integrationsPath}`,
    data: { webhookId: item.webhookId },
  });
}

export async function listDeliveries(caller: TeamCaller, webhookId: string, cursor?: string) {
  const { item } = await visibleWebhook(caller, webhookId);
  const page = await repo.deliveriesPage(item.teamId, item.webhookId, cursor);
  return WebhookDeliveriesPage.parse({ items: page.data.map(toDelivery), cursor: page.cursor ?? null });
}

export async function resendDelivery(caller: TeamCaller, webhookId: string, deliveryId: string) {
  const { item } = await visibleWebhook(caller, webhookId);
  const delivery = await repo.getDelivery({ teamId: item.teamId, webhookId, deliveryId });
  if (!delivery) throw new NotFoundError(DELIVERY_NOT_FOUND);
  return queue(item, JSON.parse(delivery.event) as WebhookEvent, delivery.deliveryId);
}
