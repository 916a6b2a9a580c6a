/**
 * The library review job at size (issue 28 part 1), against the bench stack's DynamoDB Local: a
 * 20,000-answer library of one team, one answer in ten past its review-by day, written straight to
 * the table; then one run of the hourly job (functions/library/review/due-job.ts), which reads the
 * due answers with one Query of the review index and moves each to Needs Review; then a second run,
 * which finds nothing more to do (each is noticed once). Figures are printed, never asserted.
 */
import { addDays, dayOf } from '../../shared/schemas/review';
import { ms } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const ANSWERS = 20_000;
const DUE_EVERY = 10;
/** The job's Lambda timeout (shared/background-functions.ts libraryReviewDue). */
const TARGET_MS = 300_000;

export async function benchReview(addRow: AddRow) {
  const { ensureLibrary } = await import('../../functions/library/seed');
  const { checkReviews } = await import('../../functions/library/review/due-job');
  const today = dayOf(new Date().toISOString());
  const teamId = `bench-review-${Date.now()}`;
  // Each answer's own review-by day (the team has no cycle): the stream's reaction to the writes
  // derives the same nextReviewOn, so it changes nothing under the job.
  const items = Array.from({ length: ANSWERS }, (_, i) => ({
    question: `Bench question ${i}: is control ${i % 500} in place?`,
    answer: `Yes: control ${i % 500} is in place and reviewed (${i}).`,
    tags: [],
    reviewByOn: i % DUE_EVERY === 0 ? addDays(today, -1 - (i % 30)) : addDays(today, 30 + (i % 300)),
  }));
  const writeStarted = performance.now();
  await ensureLibrary(teamId, 'bench-owner', items);
  console.log(`  ${ANSWERS} answers written in ${ms(performance.now() - writeStarted)}`);

  const started = performance.now();
  const first = await checkReviews();
  const firstMs = performance.now() - started;
  const againStarted = performance.now();
  const again = await checkReviews();
  const againMs = performance.now() - againStarted;

  const due = ANSWERS / DUE_EVERY;
  addRow(
    `Review job, ${ANSWERS.toLocaleString('en')} answers (${due.toLocaleString('en')} due): flagged`,
    `${first.flagged}`,
    `${due} (every due one)`,
    first.flagged >= due,
  );
  addRow(
    'Review job, first run',
    ms(firstMs),
    `< ${ms(TARGET_MS)} (its Lambda timeout)`,
    firstMs < TARGET_MS,
  );
  addRow(
    'Review job, second run: flagged again',
    `${again.flagged} in ${ms(againMs)}`,
    '0 (once)',
    again.flagged === 0,
  );
}
