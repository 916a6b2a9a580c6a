/**
 * Seeding entry point for the local runner: the demo team's answer library, written as an import
 * writes it (an answer the library already holds is skipped), so seeding again changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Classification } from '../../shared/schemas/question';
import { sessionMark } from '../common/session-mark';
import * as repo from './repo';
import { contentKeyOf } from './service';

export interface SeedAnswer {
  question: string;
  answer: string;
  tags: string[];
  responseClassification?: Classification;
  /** The answer's own review-by day (YYYY-MM-DD; the review bench's due answers). */
  reviewByOn?: string;
}

export async function ensureLibrary(teamId: string, createdByUserId: string, items: SeedAnswer[]) {
  const known = new Set((await repo.answersOf(teamId)).map((a) => a.contentKey));
  const fresh = items
    .filter((item) => !known.has(contentKeyOf(item.question, item.answer)))
    .map((item) => ({
      teamId,
      answerId: randomUUID(),
      answer: item.answer,
      originalQuestion: item.question,
      answerStatus: 'IN-USE' as const,
      ...(item.responseClassification ? { responseClassification: item.responseClassification } : {}),
      creationMethod: 'BULK_UPLOAD' as const,
      tags: item.tags,
      collectionIds: [],
      contentKey: contentKeyOf(item.question, item.answer),
      createdByUserId,
      ...(item.reviewByOn ? { reviewByOn: item.reviewByOn, nextReviewOn: item.reviewByOn } : {}),
      changedBySession: sessionMark(null),
    }));
  await repo.putAnswers(fresh);
  return fresh.length;
}
