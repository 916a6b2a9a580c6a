/**
 * What the stream tells the gap list (see service.ts): changes that can move it are counted on the
 * team's gaps item, once per team and batch; a team that never opened its gap list has none.
 */
import type { QuestionItem } from '../../common/entities';
import type { Change } from '../../common/reactions';
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
