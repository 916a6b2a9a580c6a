/**
 * Honest "no answer" (issue 28 part 6): each question a Fill from library run leaves empty keeps
 * why — no library answer covers it, or the closest was below the confidence threshold, with that
 * candidate — so the review dialog can say so and the reviewer can use the candidate in one click
 * ("Use this answer": the question is answered from that library entry, which records its use and
 * attaches its documents through the stream like any answer taken from the library).
 */
import type { z } from 'zod';
import {
  type AutofillEmpty,
  USE_CANDIDATE_MESSAGES,
  type UseCandidateRequest,
} from '../../shared/schemas/library-gaps';
import type { TeamCaller } from '../common/caller';
import { ConflictError, NotFoundError, UnprocessableError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { excerpt } from './gaps/find-gaps';
import * as gapsRepo from './gaps/repo';
import * as repo from './repo';

/** How long a run's reasons are kept (the review reads the latest run's). */
const KEPT_SECONDS = 30 * 24 * 60 * 60;
export const QUESTION_NOT_FOUND = 'That question does not exist';

export async function recordEmpty(
  run: { teamId: string; projectId: string; runId: string },
  left: Array<{
    question: repo.QuestionItem;
    closest?: { entry: repo.LibraryAnswerItem; confidence: number };
  }>,
) {
  const expiresAt = Math.floor(Date.now() / 1000) + KEPT_SECONDS;
  await gapsRepo.putAutofillEmpty(
    left.map(({ question, closest }) => ({
      ...run,
      questionId: question.questionId,
      expiresAt,
      ...(closest
        ? {
            reason: 'BELOW_THRESHOLD' as const,
            closest: {
              answerId: closest.entry.answerId,
              originalQuestion: closest.entry.originalQuestion,
              answerExcerpt: excerpt(closest.entry.answer),
              confidence: closest.confidence,
            },
          }
        : { reason: 'NO_MATCH' as const }),
    })),
  );
}

/** The questions the project's latest run left empty and why (those answered since included: the client filters). */
export async function listAutofillEmpty(caller: TeamCaller, projectId: string): Promise<AutofillEmpty[]> {
  await visibleProject(caller, projectId);
  const run = await repo.latestAutofill(caller.user.teamId, projectId);
  if (!run) return [];
  return (await gapsRepo.autofillEmptyOf(caller.user.teamId, projectId, run.runId)).map((e) => ({
    questionId: e.questionId,
    reason: e.reason,
    ...(e.closest ? { closest: e.closest } : {}),
  }));
}

/** "Use this answer": an empty question answered from a library entry (In Progress, its use recorded). */
export async function useCandidate(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof UseCandidateRequest>,
  sessionId: string | null,
) {
  await visibleProject(caller, projectId);
  const { teamId, userId } = caller.user;
  const [question, entry] = await Promise.all([
    repo.getQuestion(teamId, projectId, body.questionId),
    repo.getAnswer(teamId, body.answerId),
  ]);
  if (!question || question.deletedAt || question.isLinked === false)
    throw new NotFoundError(QUESTION_NOT_FOUND);
  if (entry?.answerStatus !== 'IN-USE') throw new UnprocessableError(USE_CANDIDATE_MESSAGES.unavailable);
  if (question.answer?.trim() || question.libraryDraft)
    throw new ConflictError(USE_CANDIDATE_MESSAGES.answered);
  const written = await repo.answerUnchangedQuestion(
    question,
    {
      answer: entry.answer,
      responseClassification: entry.responseClassification,
      libraryAnswerId: entry.answerId,
    },
    userId,
    sessionMark(sessionId),
    'noDraft',
  );
  if (!written) throw new ConflictError(USE_CANDIDATE_MESSAGES.answered);
  return { questionId: question.questionId, answerId: entry.answerId };
}
