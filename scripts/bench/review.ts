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
  const { bindService } = await import('../../functions/common/db');
  const { LibraryAnswerEntity } = await import('../../functions/library/entities/library-answer');
  const { checkReviews } = await import('../../functions/library/review/due-job');
  const db = bindService({ libraryAnswer: LibraryAnswerEntity });
  const today = dayOf(new Date().toISOString());
  const teamId = `bench-review-${Date.now()}`;
  // Each answer's own review-by day (the team has no cycle): the stream's reaction to the writes
  // derives the same nextReviewOn, so it changes nothing under the job.
  const items = Array.from({ length: ANSWERS }, (_, i) => ({
    teamId,
    answerId: `answer-${i}`,
    originalQuestion: `Bench question ${i}: is control ${i % 500} in place?`,
    answer: `Yes: control ${i % 500} is in place and reviewed.`,
    creationMethod: 'BULK_UPLOAD' as const,
    contentKey: `bench-${i}`,
    createdByUserId: 'bench-owner',
    reviewByOn: i % DUE_EVERY === 0 ? addDays(today, -1 - (i % 30)) : addDays(today, 30 + (i % 300)),
  }));
  const writeStarted = performance.now();
  await db()
    .entities.libraryAnswer.put(items.map((item) => ({ ...item, nextReviewOn: item.reviewByOn })))
    .go({ concurrency: 4 });
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
