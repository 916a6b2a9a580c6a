/**
 * What follows changes of questions, read from the table's stream in batches, per project:
 * - each saved change of what history follows (or a delete, an unlink, a creation) becomes one
 *   immutable CHANGE entry of the question's activity (ids derived from the change: a redelivery
 *   rewrites the same entries);
 * - the project's dashboard aggregates move (one transaction per project and run of changes,
 *   applied exactly once);
 * - a member given a question by someone else is notified, and e-mailed if their setting allows;
 * - the project's open screens hear QUESTION_UPDATED for each question saved (not for the
 *   thousands an import creates), then PROJECT_UPDATED.
 */
import { config } from '../common/config';
import { sendEmail } from '../common/email';
import { canSeeProject, db, type ProjectItem, type QuestionItem } from '../common/entities';
import { publish } from '../common/events';
import { createNotification, notificationId } from '../common/notifications';
import { publishProjectUpdated } from '../common/project-events';
import { type BatchReactions, type Change, once } from '../common/reactions';
import { usersById } from '../common/team-directory';
import { emailSettingsOf } from '../common/user-settings';
import { excerpt, questionAssignedEmail, questionLink, questionPath } from './emails';
import { historyEntryOf } from './history';
import * as repo from './repo';
import { counts, emptyDelta, isEmptyDelta, mergeDeltas, questionDelta } from './stats';

/** A transaction holds at most 100 items: 99 change marks and the aggregates. */
const RUN = 99;
/**
 * More questions than this saved in one batch of one project (a bulk change) are announced by
 * PROJECT_UPDATED alone: the screens refetch the list instead of hearing of each question.
 */
const QUESTION_EVENTS_MAX = 50;

type ProjectKey = { teamId: string; projectId: string };
const imagesOf = (change: Change) => ({
  before: change.oldImage as QuestionItem | undefined,
  after: change.newImage as QuestionItem | undefined,
});

const deltaOf = (change: Change) => {
  const { before, after } = imagesOf(change);
  return questionDelta(before, after, new Date(change.at));
};

async function applyRun(project: ProjectKey, run: Change[]) {
  const delta = run.map(deltaOf).reduce(mergeDeltas, emptyDelta());
  if (isEmptyDelta(delta)) return;
  const applied = await repo.applyStatsDelta(
    project,
    run.map((c) => c.id),
    delta,
  );
  if (applied) return;
  // Some change of the run was applied before (a redelivery): apply each one on its own.
  for (const change of run) {
    const one = deltaOf(change);
    if (!isEmptyDelta(one)) await repo.applyStatsDelta(project, [change.id], one);
  }
}

async function recordHistory(changes: Change[]) {
  const entries = changes.flatMap((change) => {
    if (change.kind === 'REMOVE') return [];
    const { before, after } = imagesOf(change);
    const entry = historyEntryOf(before, after);
    return entry ? [entry] : [];
  });
  if (entries.length) await repo.putActivity(entries);
}

const fullName = (user: { givenName: string; lastName: string } | undefined) =>
  user ? `${user.givenName} ${user.lastName}`.trim() : '';

/** Someone gave a question to a member other than themselves: notify them, and e-mail them unless they opted out. */
async function notifyAssignees(project: ProjectItem, changes: Change[]) {
  const assigned = changes.flatMap((change) => {
    const { before, after } = imagesOf(change);
    if (change.kind !== 'MODIFY' || !after || !counts(after) || !before) return [];
    const assignee = after.assignedToUserId;
    if (!assignee || assignee === before.assignedToUserId || assignee === after.updatedByUserId) return [];
    return [{ change, question: after, assignee, by: after.updatedByUserId }];
  });
  if (!assigned.length) return;
  const users = await usersById(assigned.flatMap((a) => [a.assignee, a.by]));
  for (const { change, question, assignee, by } of assigned) {
    const recipient = users.get(assignee);
    if (!recipient || recipient.teamId !== project.teamId || !canSeeProject(project, assignee)) continue;
    const assignerName = fullName(by ? users.get(by) : undefined) || 'A colleague';
    await createNotification(
      {
        recipientUserId: assignee,
        causedByUserId: by ?? assignee,
        teamId: project.teamId,
        title: `You have been assigned a question in ${project.name}`,
        description: `${assignerName} assigned you the question "${excerpt(question.question, 120)}".`,
        linkReferencePath: questionPath(project.projectId, question.questionId),
      },
      notificationId(change.at, `${change.id}#assigned`),
    );
    if (!emailSettingsOf(recipient).sendEmailOnQuestionAssigned) continue;
    await once(change, 'assigned-email', () =>
      sendEmail(
        recipient.emailAddress,
        questionAssignedEmail({
          assignerName,
          projectName: project.name,
          question: question.question,
          referenceNumber: question.referenceNumber,
          link: questionLink(config.appUrl, project.projectId, question.questionId),
        }),
      ),
    );
  }
}

/** QUESTION_UPDATED for each question saved in the batch (its latest version), from the writer's session. */
async function announceQuestions(project: ProjectKey, changes: Change[]) {
  const latest = new Map<string, QuestionItem>();
  for (const change of changes) {
    const { after } = imagesOf(change);
    if (change.kind !== 'MODIFY' || !after) continue;
    const seen = latest.get(after.questionId);
    if (!seen || (seen.version ?? 0) < (after.version ?? 0)) latest.set(after.questionId, after);
  }
  if (!latest.size || latest.size > QUESTION_EVENTS_MAX) return;
  await Promise.all(
    [...latest.values()].map((q) =>
      publish(
        {
          eventName: 'QUESTION_UPDATED',
          data: {
            projectId: project.projectId,
            questionId: q.questionId,
            version: q.version ?? 1,
            causedByUserId: q.updatedByUserId,
          },
          scope: { kind: 'project', id: project.projectId },
        },
        { sessionId: q.changedBySession },
      ),
    ),
  );
}

async function onQuestions(changes: Change[]) {
  const byProject = new Map<string, { project: ProjectKey; changes: Change[] }>();
  for (const change of changes) {
    const q = (change.newImage ?? change.oldImage) as QuestionItem;
    const key = `${q.teamId}#${q.projectId}`;
    const entry = byProject.get(key) ?? {
      project: { teamId: q.teamId, projectId: q.projectId },
      changes: [],
    };
    entry.changes.push(change);
    byProject.set(key, entry);
  }
  for (const { project, changes: projectChanges } of byProject.values()) {
    // History first: a screen that hears of a change and reads the history finds it there.
    await recordHistory(projectChanges);
    for (let i = 0; i < projectChanges.length; i += RUN) {
      await applyRun(project, projectChanges.slice(i, i + RUN));
    }
    const { data } = await db().entities.project.get(project).go();
    if (data) await notifyAssignees(data, projectChanges);
    await announceQuestions(project, projectChanges);
    // Not marked as anyone's own: the writer's screens refresh too, now that the counts moved.
    await publishProjectUpdated([data ?? project]);
  }
}

export const batchReactions: BatchReactions = { question: onQuestions };
