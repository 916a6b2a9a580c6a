/** A project's questions: list, add by hand, change. */
import type * as z from 'zod';
import { complianceText } from '../../shared/compliance';
import type { AddQuestionRequest, Question, UpdateQuestionRequest } from '../../shared/schemas/question';
import type { TeamCaller } from '../common/caller';
import { newQuestionId, type ProjectItem, type QuestionItem } from '../common/entities';
import { ConflictError, NotFoundError } from '../common/errors';
import { sessionMark } from '../common/events';
import { requireProjectMember, visibleProject } from '../common/project-access';
import * as repo from './repo';
import { counts } from './stats';

export const QUESTION_NOT_FOUND = 'That question no longer exists';

/** A PRIVATE project's answers never feed the library, whatever was stored before it became private. */
export function toQuestion(q: QuestionItem, project: Pick<ProjectItem, 'accessVisibility'>): Question {
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
  };
}

export async function listQuestions(caller: TeamCaller, projectId: string): Promise<Question[]> {
  const project = await visibleProject(caller, projectId);
  return (await repo.questionsOf(caller.user.teamId, projectId))
    .filter(counts)
    .map((q) => toQuestion(q, project));
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
    referenceNumber: body.referenceNumber || undefined,
    sectionDescription: body.sectionDescription || undefined,
    creationType: 'MANUAL',
    createdByUserId: caller.user.userId,
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return toQuestion(created as QuestionItem, project);
}

/**
 * Answer, classify, include in the library, complete or assign. An answer or a classification on an
 * incomplete question makes it in progress; PRIVATE projects never feed the library.
 */
export async function updateQuestion(
  caller: TeamCaller,
  params: { projectId: string; questionId: string },
  body: z.output<typeof UpdateQuestionRequest>,
  sessionId: string | null,
): Promise<Question> {
  const project = await visibleProject(caller, params.projectId);
  const key = { teamId: caller.user.teamId, ...params };
  const current = await repo.getQuestion(key.teamId, key.projectId, key.questionId);
  if (!current || !counts(current)) throw new NotFoundError(QUESTION_NOT_FOUND);
  if (body.version !== undefined && body.version !== current.version) throw new ConflictError();
  if (body.assignedToUserId) await requireProjectMember(project, body.assignedToUserId, 'assignedToUserId');
  const { version, ...changes } = body;
  if (project.accessVisibility === 'PRIVATE' && changes.includeInLibrary) changes.includeInLibrary = false;
  const becomesWork =
    (changes.answer !== undefined && changes.answer.trim() !== '') ||
    (changes.responseClassification !== undefined && changes.responseClassification !== 'INCOMPLETE');
  if (!changes.responseStatus && becomesWork && current.responseStatus === 'INCOMPLETE') {
    changes.responseStatus = 'IN-PROGRESS';
  }
  const updated = await repo.updateQuestion(
    key,
    { ...changes, updatedByUserId: caller.user.userId, changedBySession: sessionMark(sessionId) },
    version ?? current.version,
  );
  return toQuestion(updated, project);
}
