/**
 * Libraries and evaluation sets for measuring the suggestion engine, from the public answer bank
 * (scripts/local/demo/plainanswer-answers): the bank itself (one entry per question, its
 * reference as the answer id), and a large library where each approved answer is stored under many
 * customers' wordings of its question, some with a customer-specific last sentence, as real
 * libraries hold near-duplicates. Evaluation sets (test/fixtures/library-eval) are rewordings of the
 * bank's questions, each with the reference of the entry that answers it, and questions the bank
 * cannot answer: the `tuning`, `tuning-2` and `tuning-3` sets (the later ones written by someone who
 * had not seen the engine, each when the earlier ones no longer told changes apart; the third in
 * terse cells, control-catalogue wording and plain English) were used to tune the vocabulary, the
 * weights and the confidence; the `held-out` ones were not until issue 28 (by then their totals had
 * been read often enough that they count as tuning too). `tuning-4` (60 rewordings in the same three
 * styles, 15 unanswerable) was written for issue 28 before the engine was changed for it, to score
 * before and after; a fresh held-out set written by someone who never saw the engine is scored once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalItem } from '../../functions/library/search/quality';
import { loadCorpus } from '../local/demo/corpus';
import { fillAnswer } from '../local/demo/fill-ins';

export interface LibraryEntry {
  answerId: string;
  originalQuestion: string;
  answer: string;
}

export function bankLibrary(): LibraryEntry[] {
  return loadCorpus().flatMap((s) =>
    s.questions.map((q) => ({
      answerId: q.reference,
      originalQuestion: q.question,
      answer: fillAnswer(q.reference, q.answer) ?? q.answer,
    })),
  );
}

const WORDINGS = [
  (q: string) => q,
  (q: string) => `Please confirm: ${q}`,
  (q: string) => `${q} Describe your approach.`,
  (q: string) => `Vendor question: ${q.charAt(0).toLowerCase()}${q.slice(1)}`,
  (q: string) => `${q.replace(/\?$/, '')} (provide evidence)?`,
];

/** `size` entries: the bank's answers under customers' wordings; ids are `<reference>#<copy>`. */
export function largeLibrary(size: number): LibraryEntry[] {
  const bank = bankLibrary();
  return Array.from({ length: size }, (_, i) => {
    const entry = bank[i % bank.length];
    const copy = Math.floor(i / bank.length);
    const customer = copy + 1;
    return {
      answerId: `${entry.answerId}#${copy}`,
      originalQuestion: `${WORDINGS[copy % WORDINGS.length](entry.originalQuestion)} (customer ${customer})`,
      // One copy in ten was tailored for its customer: a near-duplicate of the approved answer.
      answer: copy % 10 === 9 ? `${entry.answer} Confirmed for customer ${customer}.` : entry.answer,
    };
  });
}

/** The bank entry an id of either library stands for. */
export const referenceOf = (answerId: string) => answerId.split('#')[0];

const EVAL_DIR = join(import.meta.dirname, '../../test/fixtures/library-eval');

/**
 * The evaluation sets, in the order they were written (`tuning-4` while tuning for issue 28;
 * `fresh-2026-11` by someone who had seen neither the engine nor the other sets, frozen before the
 * tuning, and scored once after it: the figures of issue 28).
 */
export const EVAL_SETS = ['tuning', 'tuning-2', 'tuning-3', 'tuning-4', 'held-out', 'fresh-2026-11'] as const;
/** The sets issue 28's targets on unseen wording apply to. */
export const UNSEEN_SETS: ReadonlySet<EvalSetName> = new Set(['tuning-4', 'fresh-2026-11']);
export type EvalSetName = (typeof EVAL_SETS)[number];

export function evalSet(name: EvalSetName): EvalItem[] {
  return (JSON.parse(readFileSync(join(EVAL_DIR, `${name}.json`), 'utf8')) as { items: EvalItem[] }).items;
}

/** Questions questionnaires ask that the bank does not answer: autofill must leave them alone. */
export function unanswerableSet(name: EvalSetName): string[] {
  const path = join(EVAL_DIR, `${name}-unanswerable.json`);
  return (JSON.parse(readFileSync(path, 'utf8')) as { items: Array<{ query: string }> }).items.map(
    (i) => i.query,
  );
}
