/**
 * Owners and review cycles of the library (issue 28 part 1): routes of the library group, kept in
 * their own slice file and spread into shared/routes/library.ts.
 */
import { Answer } from '../schemas/answer';
import {
  ConfirmAnswerRequest,
  ReviewHistoryEntry,
  ReviewSummary,
  UpdateAnswerReviewRequest,
} from '../schemas/review';
import { route } from './route';

const ANSWER = '/api/answers/{answerId}';

export const libraryReviewRoutes = {
  getReviewSummary: route({
    method: 'GET',
    path: '/api/answers/review/summary',
    auth: 'user',
    permission: 'READ_ANSWER',
    summary:
      "How many library answers are due for review (and overdue, and the caller's), and the team's cycle",
    response: ReviewSummary,
  }),
  confirmAnswer: route({
    method: 'POST',
    path: `${ANSWER}/confirm`,
    auth: 'user',
    permission: 'ANSWER_QUESTION',
    summary:
      'Confirm unchanged (like restoring from Needs Review): records the review, sets the next review-by day, back to Available',
    body: ConfirmAnswerRequest,
    response: Answer,
  }),
  updateAnswerReview: route({
    method: 'POST',
    path: `${ANSWER}/review`,
    auth: 'user',
    permission: 'MANAGE_ANSWER_LIBRARY',
    summary:
      "Change an answer's owner (a member of the team) or its own review-by day (null: the team's cycle)",
    body: UpdateAnswerReviewRequest,
    response: Answer,
  }),
  listAnswerHistory: route({
    method: 'GET',
    path: `${ANSWER}/history`,
    auth: 'user',
    permission: 'READ_ANSWER',
    summary:
      "An answer's review history (confirmed, edited, archived, come due, owner changed) and what Library health merged into it, newest first",
    response: ReviewHistoryEntry.array(),
  }),
} as const;
