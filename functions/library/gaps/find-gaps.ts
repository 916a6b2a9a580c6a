/**
 * The gap list's computation (pure: the job reads the questions and the index, this groups them).
 *
 * A question is a gap when the library has no confident answer for it: the suggestion engine's best
 * hit is below the autofill threshold (search/engine.ts confidenceOf), or the best hit is not an
 * available answer. Identical wordings are searched once. Gaps are grouped by concept: two wordings
 * whose analysed terms (search/analyzer.ts analyze: stems, stop words out, the security vocabulary's
 * concepts, so "2FA" and "multi-factor authentication" meet) overlap by at least GROUPED (Jaccard)
 * are one gap, transitively.
 */
import { createHash } from 'node:crypto';
import type { ClosestAnswer } from '../../../shared/schemas/library-gaps';
import { analyze } from '../search/analyzer';
import { confidenceOf, type LibraryIndex } from '../search/engine';

/** Two wordings sharing this share of their terms (Jaccard) ask the same thing. */
export const GROUPED = 0.6;
/** Terms held by more wordings than this are not used to find pairs (they still count in the share). */
const PAIRING_LIMIT = 400;
const EXCERPT = 240;

export interface GapQuestion {
  projectId: string;
  questionId: string;
  question: string;
  /** A person's answer (not a draft waiting for review), and when it was written. */
  answer?: string;
  answeredAt?: string;
}

export interface LibraryEntry {
  answerId: string;
  originalQuestion: string;
  answer: string;
  available: boolean;
}

export interface StoredGap {
  gapId: string;
  /** Each wording, most often asked first, and how often in each project ([projectId, count]). */
  wordings: Array<{ text: string; projects: Array<[string, number]> }>;
  closest?: ClosestAnswer;
  /** A question of the gap in each project: [projectId, questionId, index of its wording]. */
  first: Array<[string, string, number]>;
  /** The latest answered question of each project (what "Add to library" starts from). */
  answers: Array<{ projectId: string; questionId: string; question: string; answer: string; at: string }>;
}

/** How many questions asked a gap. */
export const asked = (gap: StoredGap) =>
  gap.wordings.reduce((sum, w) => sum + w.projects.reduce((n, [, count]) => n + count, 0), 0);

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export const excerpt = (text: string) => {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat;
};

/**
 * The library's verdict on one wording: covered (null) or a gap with its closest candidate. The
 * closest is named only when it is an available answer.
 */
export function verdict(
  index: LibraryIndex,
  text: string,
  entries: Map<string, LibraryEntry>,
  threshold: number,
): { covered: true } | { covered: false; closest?: ClosestAnswer } {
  const hits = index.search(text, 2);
  const confidence = confidenceOf(hits);
  const entry = hits[0] ? entries.get(hits[0].answerId) : undefined;
  if (entry?.available && confidence >= threshold) return { covered: true };
  if (!entry?.available || confidence <= 0) return { covered: false };
  return {
    covered: false,
    closest: {
      answerId: entry.answerId,
      originalQuestion: entry.originalQuestion,
      answerExcerpt: excerpt(entry.answer),
      confidence,
    },
  };
}

class Groups {
  private parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root];
    for (let at = i; this.parent[at] !== root; ) [at, this.parent[at]] = [this.parent[at], root];
    return root;
  }
  join(a: number, b: number) {
    const [x, y] = [this.find(a), this.find(b)];
    if (x !== y) this.parent[Math.max(x, y)] = Math.min(x, y);
  }
}

export function findGaps(
  questions: GapQuestion[],
  index: LibraryIndex,
  entries: Map<string, LibraryEntry>,
  threshold: number,
): StoredGap[] {
  // One search per distinct wording.
  const byWording = new Map<string, { text: string; questions: GapQuestion[] }>();
  for (const q of questions) {
    const key = normal(q.question);
    if (!key) continue;
    const found = byWording.get(key);
    if (found) found.questions.push(q);
    else byWording.set(key, { text: q.question.trim().replace(/\s+/g, ' '), questions: [q] });
  }
  const open: Array<{ text: string; questions: GapQuestion[]; terms: string[]; closest?: ClosestAnswer }> =
    [];
  for (const wording of byWording.values()) {
    const terms = [...new Set(analyze(wording.text))];
    if (!terms.length) continue;
    const result = verdict(index, wording.text, entries, threshold);
    if (!result.covered) open.push({ ...wording, terms, closest: result.closest });
  }

  // Group wordings of one concept: pairs found through the terms they share.
  const groups = new Groups(open.length);
  const postings = new Map<string, number[]>();
  open.forEach((w, i) => {
    for (const term of w.terms) {
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  });
  const shared = new Map<number, number>();
  open.forEach((w, i) => {
    shared.clear();
    for (const term of w.terms) {
      const list = postings.get(term) ?? [];
      if (list.length > PAIRING_LIMIT) continue;
      for (const j of list) if (j > i) shared.set(j, (shared.get(j) ?? 0) + 1);
    }
    for (const [j, common] of shared) {
      const union = w.terms.length + open[j].terms.length - common;
      if (common / union >= GROUPED) groups.join(i, j);
    }
  });
  const members = new Map<number, number[]>();
  open.forEach((_, i) => {
    const root = groups.find(i);
    const list = members.get(root);
    if (list) list.push(i);
    else members.set(root, [i]);
  });

  const gaps: StoredGap[] = [];
  for (const list of members.values()) {
    const wordings = list
      .map((i) => open[i])
      .sort((a, b) => b.questions.length - a.questions.length || a.text.localeCompare(b.text));
    const first = new Map<string, [string, string, number]>();
    const latest = new Map<string, StoredGap['answers'][number]>();
    const stored: StoredGap['wordings'] = [];
    wordings.forEach((w, at) => {
      const perProject = new Map<string, number>();
      for (const q of w.questions) {
        perProject.set(q.projectId, (perProject.get(q.projectId) ?? 0) + 1);
        if (!first.has(q.projectId)) first.set(q.projectId, [q.projectId, q.questionId, at]);
        if (!q.answer?.trim()) continue;
        const seen = latest.get(q.projectId);
        const when = q.answeredAt ?? '';
        if (!seen || seen.at < when)
          latest.set(q.projectId, {
            projectId: q.projectId,
            questionId: q.questionId,
            question: w.text,
            answer: q.answer,
            at: when,
          });
      }
      stored.push({ text: w.text, projects: [...perProject] });
    });
    const closest = wordings
      .map((w) => w.closest)
      .filter((c): c is ClosestAnswer => Boolean(c))
      .sort((a, b) => b.confidence - a.confidence)[0];
    gaps.push({
      gapId: createHash('sha256').update(wordings[0].terms.sort().join(' ')).digest('hex').slice(0, 16),
      wordings: stored,
      ...(closest ? { closest } : {}),
      first: [...first.values()],
      answers: [...latest.values()],
    });
  }
  return gaps.sort((a, b) => asked(b) - asked(a) || a.gapId.localeCompare(b.gapId));
}
