/**
 * What a view of the gap list computes from the stored list (pure, so the bench measures it): the
 * projects the caller can see kept, each gap counted and worded from those only (a wording asked
 * only in a PRIVATE project the caller is not on never shows), most frequent first.
 */
import { GAPS_LISTED, type Gap, type GapReport } from '../../../shared/schemas/library-gaps';
import type { StoredGap } from './find-gaps';

export interface Snapshot {
  computedAt: string;
  gaps: StoredGap[];
}

/** The stored list as someone who sees these projects (id → name) sees it. */
export function reportFor(snapshot: Snapshot, visible: Map<string, string>): Omit<GapReport, 'updating'> {
  const gaps: Gap[] = [];
  for (const stored of snapshot.gaps) {
    const gap = visibleGap(stored, visible);
    if (gap) gaps.push(gap);
  }
  gaps.sort((a, b) => b.count - a.count);
  return { gaps: gaps.slice(0, GAPS_LISTED), total: gaps.length, computedAt: snapshot.computedAt };
}

/** A stored gap as the caller may see it, or null when none of its questions is in a project they see. */
function visibleGap(stored: StoredGap, visible: Map<string, string>): Gap | null {
  const perProject = new Map<string, number>();
  const perWording: Array<[number, number]> = [];
  stored.wordings.forEach((w, at) => {
    let count = 0;
    for (const [projectId, n] of w.projects) {
      if (!visible.has(projectId)) continue;
      perProject.set(projectId, (perProject.get(projectId) ?? 0) + n);
      count += n;
    }
    if (count) perWording.push([at, count]);
  });
  if (!perWording.length) return null;
  perWording.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const wordings = perWording.map(([w]) => stored.wordings[w].text);
  const answered = stored.answers
    .filter((a) => visible.has(a.projectId))
    .sort((a, b) => b.at.localeCompare(a.at))[0];
  const first =
    stored.first.find(([p, , w]) => visible.has(p) && w === perWording[0][0]) ??
    stored.first.find(([p]) => visible.has(p));
  const prefill = answered
    ? {
        question: answered.question,
        answer: answered.answer,
        projectId: answered.projectId,
        questionId: answered.questionId,
      }
    : {
        question: first ? stored.wordings[first[2]].text : wordings[0],
        answer: '',
        projectId: first?.[0] ?? '',
        questionId: first?.[1] ?? '',
      };
  return {
    gapId: stored.gapId,
    question: wordings[0],
    count: perWording.reduce((sum, [, n]) => sum + n, 0),
    projects: [...perProject]
      .map(([projectId, count]) => ({ projectId, name: visible.get(projectId) ?? '', count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    wordings: wordings.slice(1, 6),
    prefill,
    ...(stored.closest ? { closest: stored.closest } : {}),
  };
}
