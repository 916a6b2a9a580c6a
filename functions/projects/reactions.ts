/**
 * What follows a change of a project, read from the table's stream: its screens refresh
 * (PROJECT_UPDATED), a newly assigned manager is notified and e-mailed, admins who opted in hear of
 * a new project, and the change is recorded as the author's activity. Each runs once per record.
 */

import { permissionsFor, type RoleCode } from '../../shared/permissions';
import { MANAGER_FIELDS } from '../../shared/schemas/values';
import { recordActivityEvent } from '../common/activity';
import { config } from '../common/config';
import { sendEmail } from '../common/email';
import { canSeeProject, type ProjectItem } from '../common/entities';
import { dropSubscribers } from '../common/events';
import { createNotification, notificationId } from '../common/notifications';
import { publishProjectUpdated } from '../common/project-events';
import { type Change, changed, once, type Reactions } from '../common/reactions';
import { fullName, usersById } from '../common/team-directory';
import { emailSettingsOf } from '../common/user-settings';
import { MANAGER_ROLES, projectAssignedEmail, projectCreatedEmail, projectLink } from './emails';
import * as repo from './repo';

/** The fields whose change is worth an activity record (not the bookkeeping ones). */
const TRACKED_FIELDS = [
  'name',
  'description',
  'dueOn',
  'projectPriority',
  'projectStatus',
  'accessVisibility',
  'memberUserIds',
  'salesManagerUserId',
  'deliveryManagerUserId',
  'thirdPartyProjectUrl',
  'thirdPartyProjectNotes',
  'companyContactName',
  'companyContactEmail',
  'companyContactPhone',
  'industryVertical',
  'dealStatus',
  'projectValue',
  'projectOutcome',
  'projectOutcomeReason',
  'complianceWording',
] as const;

async function notifyManagers(change: Change, before: ProjectItem | undefined, now: ProjectItem) {
  const by = now.updatedByUserId ?? now.createdByUserId;
  const assigned = MANAGER_FIELDS.filter(
    (field) => now[field] && now[field] !== before?.[field] && now[field] !== by,
  );
  if (!assigned.length) return;
  const users = await usersById([by, ...assigned.map((f) => now[f])]);
  const assignerName = fullName(users.get(by));
  for (const field of assigned) {
    const recipient = users.get(now[field] as string);
    if (!recipient) continue;
    const role = MANAGER_ROLES[field];
    await createNotification(
      {
        recipientUserId: recipient.userId,
        causedByUserId: by,
        teamId: now.teamId,
        title: `You are now the ${role} of ${now.name}`,
        description: `${assignerName} made you the ${role} of ${now.name}.`,
        linkReferencePath: `/Projects/${now.projectId}`,
      },
      notificationId(change.at, `${change.id}#${field}`),
    );
    if (!emailSettingsOf(recipient).sendEmailOnProjectAssigned) continue;
    await once(change, `assigned-email-${field}`, () =>
      sendEmail(
        recipient.emailAddress,
        projectAssignedEmail({
          assignerName,
          projectName: now.name,
          role: field,
          dueOn: now.dueOn,
          link: projectLink(config.appUrl, now.projectId),
        }),
      ),
    );
  }
}

/** Admins who may hear of new projects and asked to, except the creator. */
async function notifyAdminsOfCreation(change: Change, project: ProjectItem) {
  const admins = (await repo.activeMembers(project.teamId)).filter(
    (m) =>
      m.userId !== project.createdByUserId &&
      permissionsFor(m.roleCode as RoleCode).NOTIFY_PROJECT_CREATION &&
      canSeeProject(project, m.userId as string),
  );
  if (!admins.length) return;
  const users = await usersById([project.createdByUserId, ...admins.map((m) => m.userId)]);
  const creatorName = fullName(users.get(project.createdByUserId));
  for (const admin of admins) {
    const user = users.get(admin.userId as string);
    if (!user || !emailSettingsOf(user).sendEmailOnProjectCreated) continue;
    await once(change, `created-email-${user.userId}`, () =>
      sendEmail(
        user.emailAddress,
        projectCreatedEmail({
          creatorName,
          projectName: project.name,
          dueOn: project.dueOn,
          link: projectLink(config.appUrl, project.projectId),
        }),
      ),
    );
  }
}

async function recordActivity(change: Change, before: ProjectItem | undefined, now: ProjectItem) {
  const userId = now.updatedByUserId ?? now.createdByUserId;
  const fields = before ? TRACKED_FIELDS.filter((f) => changed(change as Change<ProjectItem>, f)) : [];
  if (before && !fields.length) return;
  await once(change, 'activity', () =>
    recordActivityEvent(userId, now.teamId, {
      eventName: before ? 'PROJECT_UPDATE' : 'PROJECT_CREATE',
      eventData: before ? { projectId: now.projectId, fields } : { projectId: now.projectId },
    }),
  );
}

async function onProject(change: Change) {
  const now = change.newImage as ProjectItem | undefined;
  const before = change.oldImage as ProjectItem | undefined;
  if (now && before && changed(change as Change<ProjectItem>, 'accessVisibility', 'memberUserIds'))
    // Before anything of the project is published again: who may no longer see it hears nothing more.
    await dropSubscribers({ kind: 'project', id: now.projectId }, (userId) => canSeeProject(now, userId));
  if (now) {
    await notifyManagers(change, before, now);
    if (change.kind === 'INSERT') await notifyAdminsOfCreation(change, now);
    await recordActivity(change, before, now);
  }
  await publishProjectUpdated([before, now], change.kind === 'REMOVE' ? null : now?.changedBySession);
}

export const reactions: Reactions = { project: onProject };
