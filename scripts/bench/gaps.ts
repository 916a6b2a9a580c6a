/**
 * The library's gap list (issue 28 part 4) at a large team's size, in memory: 50 projects of 300
 * questions each (15,000 questions of the last 90 days; real questionnaires repeat one another, so
 * most questions are one of the tuning sets' wordings, some with a customer's prefix or a section
 * note that makes them unique), against the answer bank and against a 20,000-entry library.
 *
 *   job   findGaps (search each distinct wording, group the gaps by concept) beside its floor: one
 *         search and confidence per question, the least any gap list must do to know which
 *         questions the library does not answer. Target: within the floor (plus 20%), and well
 *         inside the job's 15 minutes.
 *   view  what a view computes from the stored list (parse it, keep the projects the caller sees,
 *         count, sort, take the first 200) beside the floor of parsing the same JSON. Target < 50 ms.
 *
 * The tuning sets only: the held-out sets stay unread.
 */

import { asked, findGaps, type GapQuestion, type LibraryEntry } from '../../functions/library/gaps/find-gaps';
import { reportFor, type Snapshot } from '../../functions/library/gaps/view';
import { confidenceOf, LibraryIndex } from '../../functions/library/search/engine';
import { AUTOFILL_THRESHOLD } from '../../shared/schemas/answer';
import { ms } from './report';
import { bankLibrary, evalSet, largeLibrary, unanswerableSet } from './suggestion-library';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const PROJECTS = 50;
const PER_PROJECT = 300;
const LARGE = 20_000;

/** A small deterministic generator (mulberry32), so every run measures the same questions. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function teamQuestions(): GapQuestion[] {
  const pool = [
    ...(['tuning', 'tuning-2', 'tuning-3'] as const).flatMap((name) => evalSet(name).map((i) => i.query)),
    ...(['tuning', 'tuning-2', 'tuning-3'] as const).flatMap((name) => unanswerableSet(name)),
  ];
  const next = random(28);
  const questions: GapQuestion[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    for (let i = 0; i < PER_PROJECT; i++) {
      const base = pool[Math.floor(next() * pool.length)];
      const roll = next();
      const question =
        roll < 0.6 ? base : roll < 0.85 ? `Please confirm: ${base}` : `${base} (section ${p + 1}.${i + 1})`;
      questions.push({
        projectId: `project-${p}`,
        questionId: `q-${p}-${i}`,
        question,
        ...(next() < 0.5
          ? { answer: 'Yes, as described in our security overview.', answeredAt: '2026-11-01' }
          : {}),
      });
    }
  }
  return questions;
}

const entriesOf = (library: Array<{ answerId: string; originalQuestion: string; answer: string }>) =>
  new Map<string, LibraryEntry>(library.map((e) => [e.answerId, { ...e, available: true }]));

export async function benchGaps(addRow: AddRow) {
  const questions = teamQuestions();
  const distinct = new Set(questions.map((q) => q.question.toLowerCase())).size;
  addRow(
    `team questions (${PROJECTS} projects × ${PER_PROJECT}): distinct wordings`,
    distinct.toLocaleString('en'),
    '',
  );
  for (const [name, library] of [
    ['answer bank (101)', bankLibrary()],
    [`${LARGE.toLocaleString('en')}-entry library`, largeLibrary(LARGE)],
  ] as const) {
    const index = LibraryIndex.build(library);
    const entries = entriesOf(library);

    let started = performance.now();
    let below = 0;
    for (const q of questions) if (confidenceOf(index.search(q.question, 2)) < AUTOFILL_THRESHOLD) below++;
    const floorMs = performance.now() - started;

    started = performance.now();
    const gaps = findGaps(questions, index, entries, AUTOFILL_THRESHOLD);
    const jobMs = performance.now() - started;
    const inGaps = gaps.reduce((sum, g) => sum + asked(g), 0);

    addRow(`${name}: questions below the threshold / gaps`, `${inGaps} / ${gaps.length}`, '');
    if (inGaps !== below) throw new Error(`findGaps kept ${inGaps} questions, the floor found ${below}`);
    addRow(
      `${name}: gap job over 15,000 questions`,
      ms(jobMs),
      `≤ floor ${ms(floorMs)} + 20%`,
      jobMs <= floorMs * 1.2,
    );

    const snapshot: Snapshot = { computedAt: new Date().toISOString(), gaps };
    const json = JSON.stringify(snapshot);
    // A member who sees 45 of the 50 projects (five are PRIVATE to others).
    const visible = new Map(
      Array.from({ length: PROJECTS - 5 }, (_, p) => [`project-${p}`, `Project ${p}`] as const),
    );
    const parses: number[] = [];
    const views: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < 7; run++) {
      started = performance.now();
      JSON.parse(json);
      parses.push(performance.now() - started);
      started = performance.now();
      const parsed = JSON.parse(json) as Snapshot;
      reportFor(parsed, visible);
      views.push(performance.now() - started);
      started = performance.now();
      reportFor(parsed, visible);
      warm.push(performance.now() - started);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    addRow(`${name}: stored list size`, `${(json.length / 1000).toFixed(0)} kB`, '');
    addRow(
      `${name}: gap view, list not held (parse + visibility + sort)`,
      ms(median(views)),
      `< 50 ms (floor: parse ${ms(median(parses))})`,
      median(views) < 50,
    );
    addRow(`${name}: gap view, list held in memory`, ms(median(warm)), '< 20 ms', median(warm) < 20);
  }
}
