/**
 * What the Model Context Protocol tools and the public read API answer, for the team whose API key
 * signed the request. The
 * library is the team's (as every member sees it); projects are those of the team that are not
 * PRIVATE: a PRIVATE project, and a document uploaded into one, answer as if they did not exist,
 * since an assistant's key is not a person on the project.
 */
import { AUTOFILL_THRESHOLD } from '../../shared/schemas/answer';
import type { ProjectStatus } from '../../shared/schemas/values';
import type { ApiClient } from '../common/api-keys';
import { NotFoundError } from '../common/errors';
import { citedDocuments } from '../documents/published';
import { libraryAnswer, libraryAnswersPage, rankAnswers } from '../library/published';
import * as repo from './repo';

export const MCP_MESSAGES = {
  answerNotFound: 'That answer does not exist in the library',
  projectNotFound: 'That project does not exist',
} as const;

const isShared = (project: { accessVisibility: string } | undefined) =>
  project !== undefined && project.accessVisibility !== 'PRIVATE';

/** The library's best answers for a text (a question or keywords), best first. */
export async function searchLibrary(client: ApiClient, query: string, limit: number) {
  const { answers } = await rankAnswers(client.teamId, query, limit);
  return { answers };
}

/**
 * Suggestions for a question with the engine's confidence in the first, and whether Fill from
 * library would draft it at the default threshold.
 */
export async function suggestAnswers(client: ApiClient, question: string, limit: number) {
  const { answers, confidence } = await rankAnswers(client.teamId, question, limit);
  return {
    suggestions: answers,
    confidence,
    autofillThreshold: AUTOFILL_THRESHOLD,
    wouldAutofill: answers.length > 0 && confidence >= AUTOFILL_THRESHOLD,
  };
}

/** One library answer with the names of the documents it cites that the team may see. */
export async function getLibraryAnswer(client: ApiClient, answerId: string) {
  const answer = await libraryAnswer(client.teamId, answerId);
  if (!answer) throw new NotFoundError(MCP_MESSAGES.answerNotFound);
  const cited = await citedDocuments(client.teamId, answer.documentIds);
  const homes = new Map(
    (
      await repo.getProjects(
        client.teamId,
        cited.flatMap((d) => (d.uploadedInProjectId ? [d.uploadedInProjectId] : [])),
      )
    ).map((p) => [p.projectId, p]),
  );
  const { documentIds: _ids, ...rest } = answer;
  return {
    ...rest,
    documents: cited
      .filter((d) => !d.uploadedInProjectId || isShared(homes.get(d.uploadedInProjectId)))
      .map(({ documentId, documentName, expiresOn, active }) => ({
        documentId,
        name: documentName,
        ...(expiresOn ? { expiresOn } : {}),
        active,
      })),
  };
}

/** The team's projects of a status that are not PRIVATE, soonest due first. */
export async function listProjects(client: ApiClient, status: ProjectStatus) {
  const projects = await repo.projectsWithStatus(client.teamId, status);
  return {
    projects: projects.filter(isShared).map((p) => ({
      projectId: p.projectId,
      name: p.name,
      status: p.projectStatus,
      dueOn: p.dueOn,
    })),
  };
}

/** A page of a project's questions that are not complete, in questionnaire order. */
export async function listOpenQuestions(
  client: ApiClient,
  projectId: string,
  page: { limit: number; offset: number },
) {
  // One round trip: the questions are read beside the project and dropped if it may not be seen.
  const [project, questions] = await Promise.all([
    repo.getProject(client.teamId, projectId),
    repo.questionsOf(client.teamId, projectId),
  ]);
  if (!project || !isShared(project)) throw new NotFoundError(MCP_MESSAGES.projectNotFound);
  const open = questions.filter(
    (q) => !q.deletedAt && q.isLinked !== false && q.responseStatus !== 'COMPLETE',
  );
  return {
    project: { projectId, name: project.name, status: project.projectStatus, dueOn: project.dueOn },
    total: open.length,
    questions: open.slice(page.offset, page.offset + page.limit).map((q) => ({
      questionId: q.questionId,
      ...(q.referenceNumber ? { referenceNumber: q.referenceNumber } : {}),
      ...(q.sectionDescription ? { section: q.sectionDescription } : {}),
      question: q.question,
      status: q.responseStatus,
      ...(q.answer ? { draftAnswer: q.answer } : {}),
    })),
  };
}

// ——— The public read API (GET /api/v1/…) ———

type Page = { limit: number; offset: number };
const slice = <T>(items: T[], page: Page) => items.slice(page.offset, page.offset + page.limit);

/** The team's projects that are not PRIVATE, of one status or both (open first), soonest due first. */
export async function publicProjects(client: ApiClient, status: ProjectStatus | undefined, page: Page) {
  const statuses: ProjectStatus[] = status ? [status] : ['IN-PROGRESS', 'COMPLETE'];
  const lists = await Promise.all(statuses.map((s) => repo.projectsWithStatus(client.teamId, s)));
  return slice(lists.flat().filter(isShared), page).map((p) => ({
    projectId: p.projectId,
    name: p.name,
    status: p.projectStatus,
    dueOn: p.dueOn,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }));
}

/** A project's questions that count (linked, not deleted), in questionnaire order; 404 when PRIVATE. */
export async function publicQuestions(client: ApiClient, projectId: string, page: Page) {
  const [project, questions] = await Promise.all([
    repo.getProject(client.teamId, projectId),
    repo.questionsOf(client.teamId, projectId),
  ]);
  if (!project || !isShared(project)) throw new NotFoundError(MCP_MESSAGES.projectNotFound);
  const counted = questions.filter((q) => !q.deletedAt && q.isLinked !== false);
  return slice(counted, page).map((q) => ({
    questionId: q.questionId,
    referenceNumber: q.referenceNumber ?? null,
    section: q.sectionDescription ?? null,
    question: q.question,
    answer: q.answer,
    status: q.responseStatus,
    classification: q.responseClassification,
    assignedToUserId: q.assignedToUserId ?? null,
    updatedAt: q.updatedAt,
  }));
}

/** A page of the library's answers in use or flagged. */
export async function publicLibraryAnswers(client: ApiClient, page: Page) {
  return (await libraryAnswersPage(client.teamId, page)).map((a) => ({
    answerId: a.answerId,
    question: a.question,
    answer: a.answer,
    status: a.status,
    classification: a.classification ?? null,
    tags: a.tags,
    updatedAt: a.updatedAt,
  }));
}
