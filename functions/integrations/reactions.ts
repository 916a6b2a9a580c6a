/**
 * The integrations' reactions to the table's stream:
 * - a change that is a webhook event (events.ts) becomes one PENDING delivery per endpoint that takes
 *   it (enabled, subscribed, of the whole team or of that project; a PRIVATE project's events go only
 *   to that project's own endpoints), written once per stream record; the sender job sends it;
 * - an endpoint the sender disabled after failing for 24 hours: its team's admins (those who may see
 *   its project, for a project's endpoint) get a notification and an e-mail.
 */
import { createHash } from 'node:crypto';
import { permissionsFor, type RoleCode } from '../../shared/permissions';
import { config } from '../common/config';
import { sendEmail } from '../common/email';
import { canSeeProject } from '../common/entities';
import { createNotification, notificationId } from '../common/notifications';
import { type Change, once, type Reactions } from '../common/reactions';
import { membershipStatus, teamsById, usersById } from '../common/team-directory';
import { newDelivery } from './deliveries';
import { integrationsPath, webhookDisabledEmail } from './emails';
import { EVENT_SOURCES, type Occurrence } from './events';
import type { WebhookEvent } from './payloads';
import * as repo from './repo';

const eventIdOf = (change: Change, type: string) =>
  `evt_${createHash('sha256').update(`${change.id}#${type}`).digest('hex').slice(0, 24)}`;

async function deliver(change: Change, occurrence: Occurrence) {
  if (!occurrence.teamId) return;
  let webhooks = (await repo.teamWebhooks(occurrence.teamId)).filter(
    (w) =>
      w.enabled &&
      w.events.includes(occurrence.type) &&
      (!w.projectId || w.projectId === occurrence.projectId),
  );
  if (!webhooks.length) return;
  let data = occurrence.data;
  if (occurrence.projectId) {
    const project = await repo.getProject(occurrence.teamId, occurrence.projectId);
    if (!project) return;
    // A PRIVATE project's events go only to its own endpoints, made by someone who may still see it.
    if (project.accessVisibility === 'PRIVATE')
      webhooks = webhooks.filter(
        (w) => w.projectId === occurrence.projectId && canSeeProject(project, w.createdByUserId),
      );
    data = { ...data, projectName: project.name };
  }
  const event: WebhookEvent = {
    id: eventIdOf(change, occurrence.type),
    type: occurrence.type,
    createdAt: new Date(change.at).toISOString(),
    teamId: occurrence.teamId,
    summary: occurrence.summary,
    url: `${config.appUrl.replace(/\/+$/, '')}${occurrence.path}`,
    data,
  };
  await Promise.all(
    webhooks.map((w) =>
      repo.createDelivery(
        newDelivery(w, event, repo.deliveryIdOf(change.at, `${change.id}#${occurrence.type}#${w.webhookId}`)),
      ),
    ),
  );
}

const toEvents =
  (source: (typeof EVENT_SOURCES)[string]) =>
  async (change: Change): Promise<void> => {
    for (const occurrence of await source(change)) await deliver(change, occurrence);
  };

/** The admins who hear of an endpoint turned off: UPDATE_TEAM holders who may see its project. */
async function adminsOf(webhook: repo.WebhookItem) {
  const memberships = (await repo.teamMemberships(webhook.teamId)).filter(
    (m) => m.userId && membershipStatus(m) === 'ACTIVE' && permissionsFor(m.roleCode as RoleCode).UPDATE_TEAM,
  );
  const project = webhook.projectId ? await repo.getProject(webhook.teamId, webhook.projectId) : null;
  const users = await usersById(memberships.map((m) => m.userId));
  return [...users.values()].filter(
    (u) => u.teamId === webhook.teamId && (!project || canSeeProject(project, u.userId)),
  );
}

async function onWebhook(change: Change) {
  const after = change.newImage as repo.WebhookItem | undefined;
  const before = change.oldImage as repo.WebhookItem | undefined;
  if (change.kind !== 'MODIFY' || !after || after.enabled || !before?.enabled) return;
  if (after.disabledReason !== 'FAILING') return;
  const [admins, teams] = await Promise.all([adminsOf(after), teamsById([after.teamId])]);
  const teamName = teams.get(after.teamId)?.name ?? '';
  for (const admin of admins) {
    await createNotification(
      {
        recipientUserId: admin.userId,
        causedByUserId: admin.userId,
        teamId: after.teamId,
        title: 'Webhook turned off',
        description: `Every delivery to ${after.url} failed for 24 hours, so it was turned off.`,
        linkReferencePath: integrationsPath,
      },
      notificationId(change.at, `${change.id}#webhook-disabled#${admin.userId}`),
    );
    if (admin.emailAddress)
      await once(change, `webhook-disabled#${admin.userId}`, () =>
        sendEmail(
          admin.emailAddress,
          webhookDisabledEmail({ url: after.url, teamName, appUrl: config.appUrl }),
        ),
      );
  }
}

export const reactions: Reactions = {
  ...Object.fromEntries(Object.entries(EVENT_SOURCES).map(([entity, source]) => [entity, toEvents(source)])),
  webhook: onWebhook,
};
