/**
 * The library's answers changed: each team's health check is queued once per batch (the job waits
 * for the changes to settle). Only what the check reads counts: a question or answer written,
 * added, deleted, archived or restored, or its compliance changed; a use recorded does not.
 */
import type { Change } from '../../common/reactions';
import { requestCheck } from './repo';

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
