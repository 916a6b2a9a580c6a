/** A project's questions: list (a page at a time), read, add by hand, change, complete, delete, unlink, history. */
import type * as z from 'zod';
import { complianceText } from '../../shared/compliance';
import type {
  AddQuestionRequest,
  HistoryEntry,
  ListQuestionsQuery,
  Question,
  QuestionPage,
  RestoreAnswerRequest,
  UpdateQuestionRequest,
} from '../../shared/schemas/question';
import type { TeamCaller } from '../common/caller';
import { newQuestionId, type ProjectItem, type QuestionItem } from '../common/entities';
import { BadRequestError, ConflictError, NotFoundError } from '../common/errors';
import { answersFlowToLibrary } from '../common/library-flow';
import { requireProjectMember, visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { byVersion, type RestoredAnswer, toHistoryEntry, valuesAsOf } from './history';
import {
  HISTORY_ENTRY_NOT_FOUND,
  ONLY_IMPORTED_UNLINK,
  ONLY_MANUAL_DELETE,
  QUESTION_NOT_FOUND,
} from './messages';
import * as repo from './repo';
import { counts } from './stats';

export { QUESTION_NOT_FOUND };

/** A PRIVATE project's answers never feed the library, whatever was stored before it became private. */
export function toQuestion(
  q: QuestionItem,
  project: Pick<ProjectItem, 'accessVisibility'>,
  loggedInUserMentioned?: boolean,
): Question {
  return {
    questionId: q.questionId,
    projectId: q.projectId,
    question: q.question,
    answer: q.answer ?? '',
    information: q.information,
    referenceNumber: q.referenceNumber,
    sectionDescription: q.sectionDescription,
    importance: q.importance,
    responseStatus: q.responseStatus,
    responseClassification: q.responseClassification,
    includeInLibrary: project.accessVisibility !== 'PRIVATE' && (q.includeInLibrary ?? false),
    assignedToUserId: q.assignedToUserId,
    creationType: q.creationType,
    isLinked: q.isLinked !== false,
    deletedAt: q.deletedAt,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    updatedByUserId: q.updatedByUserId,
    version: q.version ?? 1,
    loggedInUserMentioned,
    ...(q.libraryDraft ? { libraryDraft: q.libraryDraft } : {}),
    ...(q.evidenceExpired?.length ? { evidenceExpired: q.evidenceExpired } : {}),
    ...(q.reworded ? { reworded: q.reworded } : {}),
  };
}

const questionKey = (caller: TeamCaller, params: QuestionParams) => ({
  teamId: caller.user.teamId,
  ...params,
});
type QuestionParams = { projectId: string; questionId: string };

/**
 * The project (visible to the caller, else 404), the question (still counting, else 404) and
 * whether the caller was mentioned on it: three reads at once.
 */
async function visibleQuestion(caller: TeamCaller, params: QuestionParams) {
  const { teamId, userId } = caller.user;
  const [project, question, mentioned] = await Promise.all([
    visibleProject(caller, params.projectId),
    repo.getQuestion(teamId, params.projectId, params.questionId),
    repo.isMentioned(teamId, params.projectId, userId, params.questionId),
  ]);
  if (!question || !counts(question)) throw new NotFoundError(QUESTION_NOT_FOUND);
  return { project, question, mentioned };
}

/** One page of the questions that count, in order, each marked when the caller was mentioned on it. */
export async function listQuestions(
  caller: TeamCaller,
  projectId: string,
  query: z.output<typeof ListQuestionsQuery>,
): Promise<QuestionPage> {
  const { teamId, userId } = caller.user;
  const project = await visibleProject(caller, projectId);
  const [page, mentioned] = await Promise.all([
    repo.questionsPage(teamId, projectId, { count: query.limit, cursor: query.cursor }),
    repo.mentionedQuestionIds(teamId, projectId, userId),
  ]);
  return {
    items: page.data.filter(counts).map((q) => toQuestion(q, project, mentioned.has(q.questionId))),
    cursor: page.cursor ?? null,
  };
}

export async function getQuestion(caller: TeamCaller, params: QuestionParams): Promise<Question> {
  const { project, question, mentioned } = await visibleQuestion(caller, params);
  return toQuestion(question, project, mentioned);
}

export async function listManualQuestions(caller: TeamCaller, projectId: string) {
  const project = await visibleProject(caller, projectId);
  const questions = await repo.questionsOf(caller.user.teamId, projectId);
  return questions
    .filter((q) => counts(q) && q.creationType === 'MANUAL')
    .map((q) => ({
      questionId: q.questionId,
      question: q.question,
      answer: q.answer ?? '',
      exportClassification: complianceText(q.responseClassification, { project: project.complianceWording }),
    }));
}

export async function addQuestion(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof AddQuestionRequest>,
  sessionId: string | null,
): Promise<Question> {
  const project = await visibleProject(caller, projectId);
  const created = await repo.createQuestion({
    teamId: caller.user.teamId,
    projectId,
    questionId: newQuestionId(),
    question: body.question,
    includeInLibrary: await answersFlowToLibrary(project),
    referenceNumber: body.referenceNumber || undefined,
    sectionDescription: body.sectionDescription || undefined,
    creationType: 'MANUAL',
    createdByUserId: caller.user.userId,
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return toQuestion(created as QuestionItem, project, false);
}

type Changes = Omit<z.output<typeof UpdateQuestionRequest>, 'version'>;

/**
 * The one way a question's work changes: PRIVATE projects never feed the library; an answer or a
 * classification on an incomplete question makes it in progress unless a status is given (Clear
 * Response gives INCOMPLETE); a stale `expectedVersion` answers 409 and overwrites nothing.
 */
async function applyChanges(
  caller: TeamCaller,
  loaded: Awaited<ReturnType<typeof visibleQuestion>>,
  changes: Changes,
  expectedVersion: number | undefined,
  sessionId: string | null,
): Promise<Question> {
  const { project, question, mentioned } = loaded;
  const { rewordingReviewed, ...next } = changes;
  if (project.accessVisibility === 'PRIVATE' && next.includeInLibrary) next.includeInLibrary = false;
  const becomesWork =
    (next.answer !== undefined && next.answer.trim() !== '') ||
    (next.responseClassification !== undefined && next.responseClassification !== 'INCOMPLETE');
  if (!next.responseStatus && becomesWork && question.responseStatus === 'INCOMPLETE') {
    next.responseStatus = 'IN-PROGRESS';
  }
  // A draft from autofill saved by someone (as it is or edited) is reviewed: it was taken from its entry.
  const reviewsDraft =
    question.libraryDraft &&
    (next.answer !== undefined ||
      next.responseClassification !== undefined ||
      next.responseStatus !== undefined);
  // Saving the answer or its classification is the review its expired evidence asked for.
  const reviewsEvidence =
    question.evidenceExpired?.length &&
    (next.answer !== undefined || next.responseClassification !== undefined);
  const updated = await repo.updateQuestion(
    { teamId: caller.user.teamId, projectId: question.projectId, questionId: question.questionId },
    {
      ...next,
      ...(reviewsEvidence ? { evidenceExpired: null } : {}),
      // Saving the answer against the new wording, or saying it still holds, is the review a rewording asks for.
      ...(question.reworded && (rewordingReviewed || next.answer !== undefined) ? { reworded: null } : {}),
      ...(reviewsDraft
        ? { libraryDraft: null, libraryAnswerId: next.libraryAnswerId ?? question.libraryDraft?.answerId }
        : {}),
      updatedByUserId: caller.user.userId,
      changedBySession: sessionMark(sessionId),
    },
    expectedVersion,
  );
  return toQuestion(updated, project, mentioned);
}

/** Answer, classify, include in the library, complete or assign. */
export async function updateQuestion(
  caller: TeamCaller,
  params: QuestionParams,
  body: z.output<typeof UpdateQuestionRequest>,
  sessionId: string | null,
): Promise<Question> {
  const loaded = await visibleQuestion(caller, params);
  if (body.version !== undefined && body.version !== loaded.question.version) throw new ConflictError();
  if (body.assignedToUserId)
    await requireProjectMember(loaded.project, body.assignedToUserId, 'assignedToUserId');
  const { version, ...changes } = body;
  return applyChanges(caller, loaded, changes, version ?? loaded.question.version, sessionId);
}

export async function unassignQuestion(caller: TeamCaller, params: QuestionParams, sessionId: string | null) {
  const loaded = await visibleQuestion(caller, params);
  return applyChanges(caller, loaded, { assignedToUserId: null }, undefined, sessionId);
}

export async function completeQuestion(caller: TeamCaller, params: QuestionParams, sessionId: string | null) {
  const loaded = await visibleQuestion(caller, params);
  return applyChanges(caller, loaded, { responseStatus: 'COMPLETE' }, undefined, sessionId);
}

/** Deletes a question added by hand (soft: it stops counting everywhere, its history stays). */
export async function deleteQuestion(caller: TeamCaller, params: QuestionParams, sessionId: string | null) {
  const { question } = await visibleQuestion(caller, params);
  if (question.creationType !== 'MANUAL') throw new BadRequestError(ONLY_MANUAL_DELETE);
  await repo.updateQuestion(questionKey(caller, params), {
    deletedAt: new Date().toISOString(),
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return { ok: true as const };
}

/**
 * Unlinks an imported row that is not a question: it stops counting, and the sources group's
 * reaction leaves its row (or node) out of the source's configuration, where it can be included again.
 */
export async function markNotAQuestion(caller: TeamCaller, params: QuestionParams, sessionId: string | null) {
  const { question } = await visibleQuestion(caller, params);
  if (question.creationType === 'MANUAL') throw new BadRequestError(ONLY_IMPORTED_UNLINK);
  await repo.updateQuestion(questionKey(caller, params), {
    isLinked: false,
    unlinkedAs: 'NOT_A_QUESTION',
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return { ok: true as const };
}

/** Every saved change of the question, newest first. */
export async function listQuestionHistory(
  caller: TeamCaller,
  params: QuestionParams,
): Promise<HistoryEntry[]> {
  await visibleQuestion(caller, params);
  const entries = await repo.historyOf(caller.user.teamId, params.projectId, params.questionId);
  return entries.sort(byVersion).reverse().map(toHistoryEntry);
}

/**
 * Brings back the answer, classification and library flag as they were after an earlier change
 * (a change of its own, with its own history entry). The PRIVATE rule still holds.
 */
export async function restoreAnswer(
  caller: TeamCaller,
  params: QuestionParams & { activityId: string },
  body: z.output<typeof RestoreAnswerRequest>,
  sessionId: string | null,
): Promise<Question> {
  const { activityId, ...questionParams } = params;
  const loaded = await visibleQuestion(caller, questionParams);
  const entries = (await repo.historyOf(caller.user.teamId, params.projectId, params.questionId)).sort(
    byVersion,
  );
  const index = entries.findIndex((e) => e.activityId === activityId);
  if (index < 0) throw new NotFoundError(HISTORY_ENTRY_NOT_FOUND);
  if (body.version !== loaded.question.version) throw new ConflictError();
  const restored: RestoredAnswer = valuesAsOf(entries, index);
  return applyChanges(caller, loaded, restored, body.version, sessionId);
}
