/**
 * Seeding entry point for the local runner: the Insights rows of a team whose questions were
 * answered before Insights existed (data kept under .local from an earlier version), built as the
 * stream builds them. A team that has rows already is left alone.
 */
import { type QuestionItem, reviewedWork } from '../common/entities';
import { reactions } from './reactions';
import * as repo from './repo';

export async function ensureInsights(teamId: string) {
  if (await repo.hasRows(teamId)) return 0;
  let rows = 0;
  for (const project of await repo.projectsOf(teamId)) {
    for (const question of await repo.questionsOf(teamId, project.projectId)) {
      if (!reviewedWork(question).answer?.trim()) continue;
      await reactions.question?.({
        id: `backfill#${question.questionId}`,
        kind: 'INSERT',
        at: Date.now(),
        entity: 'question',
        newImage: question as QuestionItem & Record<string, unknown>,
      });
      rows++;
    }
  }
  return rows;
}

/** Rows written as the stream writes them, in batches (the benchmark's 100,000 answered questions). */
export async function seedRows(rows: repo.InsightRowItem[]) {
  await repo.putRows(rows);
}
