/**
 * The library's answers changed: each team's health check is queued once per batch (the job waits
 * for the changes to settle). Only what the check reads counts: a question or answer written,
 * added, deleted, archived or restored, or its compliance changed; a use recorded does not.
 */
import { publish } from '../../common/events';
import type { Change, Reactions } from '../../common/reactions';
import { type ReportItem, requestCheck } from './repo';

interface Checked {
  teamId: string;
  originalQuestion?: string;
  answer?: string;
  answerStatus?: string;
  responseClassification?: string;
}

const matters = (change: Change) => {
  const now = change.newImage as Checked | undefined;
  const before = change.oldImage as Checked | undefined;
  if (!now || !before) return true;
  return (
    now.originalQuestion !== before.originalQuestion ||
    now.answer !== before.answer ||
    (now.answerStatus === 'ARCHIVED') !== (before.answerStatus === 'ARCHIVED') ||
    now.responseClassification !== before.responseClassification
  );
};

export async function requestHealthChecks(changes: Change[]) {
  const teams = new Set<string>();
  for (const change of changes.filter(matters)) {
    const teamId = String((change.newImage ?? change.oldImage)?.teamId ?? '');
    if (teamId) teams.add(teamId);
  }
  const now = new Date().toISOString();
  for (const teamId of teams) await requestCheck(teamId, now);
}

/** The report changed (a check queued, started or done): the team's open screens read it again. */
async function onReport(change: Change) {
  const now = change.newImage as ReportItem | undefined;
  const before = change.oldImage as ReportItem | undefined;
  if (!now) return;
  if (
    before &&
    before.status === now.status &&
    before.checkedAt === now.checkedAt &&
    before.duplicateGroups === now.duplicateGroups &&
    before.conflicts === now.conflicts
  )
    return;
  await publish({
    eventName: 'LIBRARY_HEALTH_UPDATED',
    data: { status: now.status, duplicateGroups: now.duplicateGroups, conflicts: now.conflicts },
    scope: { kind: 'team', id: now.teamId },
  });
}

export const reactions: Reactions = { libraryHealth: onReport };
