/**
 * What the stream tells the gap list (see service.ts): changes that can move it are counted on the
 * team's gaps item, once per team and batch; a team that never opened its gap list has none.
 */
import type { QuestionItem } from '../../common/entities';
import { publish } from '../../common/events';
import type { Change, Reactions } from '../../common/reactions';
import * as repo from './repo';

/** A question asked, reworded, answered, unanswered or removed. */
export function gapsMoved(now: QuestionItem | undefined, before: QuestionItem | undefined) {
  if (!now || !before) return true;
  return (
    now.question !== before.question ||
    now.answer !== before.answer ||
    now.deletedAt !== before.deletedAt ||
    now.isLinked !== before.isLinked
  );
}

export async function countGapChanges(changes: Change[]) {
  const perTeam = new Map<string, number>();
  for (const change of changes) {
    const teamId = String((change.newImage ?? change.oldImage)?.teamId ?? '');
    if (teamId) perTeam.set(teamId, (perTeam.get(teamId) ?? 0) + 1);
  }
  for (const [teamId, count] of perTeam) await repo.countGapChanges(teamId, count);
}

/** A gap list computed (the job wrote a new one): the team's open gap lists read it again. */
async function onGaps(change: Change) {
  const now = change.newImage as repo.GapsItem | undefined;
  const before = change.oldImage as repo.GapsItem | undefined;
  if (!now?.computedAt || now.status !== 'READY' || now.computedAt === before?.computedAt) return;
  await publish({
    eventName: 'LIBRARY_GAPS_UPDATED',
    data: { computedAt: now.computedAt },
    scope: { kind: 'team', id: now.teamId },
  });
}

export const reactions: Reactions = { libraryGaps: onGaps };
