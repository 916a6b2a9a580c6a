/**
 * Seeding entry point for the local runner: demo projects and their questions, written exactly as
 * the API writes them (the project with its empty aggregates in one transaction; questions through
 * the question entity), so the table's stream builds the dashboard aggregates as in production.
 * Everything is created once, under fixed ids: seeding again changes nothing, edits included.
 */

import { writeAll } from '../common/batch';
import type { ProjectItem, QuestionItem } from '../common/entities';
import { db } from '../common/entities';
import { sessionMark } from '../common/session-mark';

export type SeedProject = Omit<ProjectItem, 'createdAt' | 'updatedAt' | 'version' | 'changedBySession'>;

/** What someone did to a question after it was imported: answered, classified, completed, assigned. */
export type QuestionWork = Partial<
  Pick<QuestionItem, 'answer' | 'responseStatus' | 'responseClassification' | 'assignedToUserId'>
> & { updatedByUserId: string };

export interface SeedQuestion {
  questionId: string;
  question: string;
  referenceNumber?: string;
  sectionDescription?: string;
  creationType: QuestionItem['creationType'];
  createdByUserId: string;
  /** Applied as a second write, the way a person's edit follows an import. */
  work?: QuestionWork;
}

const NO_SESSION = sessionMark(null);

type QuestionPut = Omit<QuestionItem, 'updatedAt'>;

/** Puts items in batches (BatchWriteItem, 25 a request), writing again what comes back unprocessed. */
const putAll = (items: QuestionPut[]) =>
  writeAll(items, (batch, options) => db().entities.question.put(batch).go(options), [
    'projectId',
    'questionId',
  ]);

/**
 * The project and its empty aggregates, created together (as POST /api/projects/create does) unless
 * the project exists; returns the stored project either way.
 */
export async function ensureProject(project: SeedProject): Promise<ProjectItem> {
  const { teamId, projectId } = project;
  const existing = (await db().entities.project.get({ teamId, projectId }).go()).data;
  if (existing) return existing;
  const result = await db()
    .transaction.write(({ project: p, projectStats }) => [
      p.create({ ...project, changedBySession: NO_SESSION }).commit(),
      projectStats.create({ teamId, projectId }).commit(),
    ])
    .go();
  const stored = (await db().entities.project.get({ teamId, projectId }).go()).data;
  if (!stored) throw new Error(`Seeding project ${projectId} failed${result.canceled ? ' (cancelled)' : ''}`);
  return stored;
}

/**
 * The questions of a project that are not there yet (one Query finds what exists), written as an
 * import followed by people's work: first every question as imported (INSERT), then the worked
 * ones again with their answer, classification, status or assignee (MODIFY), so the aggregates
 * count the questions and the contributions separately, as they do in production. Both steps are
 * batch writes: the seed runs on every start of the local stack.
 */
export async function ensureQuestions(
  project: { teamId: string; projectId: string },
  questions: SeedQuestion[],
): Promise<number> {
  const { teamId, projectId } = project;
  const { data } = await db()
    .entities.question.query.primary({ teamId, projectId })
    .go({ pages: 'all', attributes: ['questionId'] });
  const present = new Set(data.map((q) => q.questionId));
  const missing = questions.filter((q) => !present.has(q.questionId));
  const createdAt = new Date().toISOString();
  const imported = missing.map(({ work: _, ...question }) => ({
    ...question,
    teamId,
    projectId,
    answer: '',
    responseStatus: 'INCOMPLETE' as const,
    responseClassification: 'INCOMPLETE' as const,
    includeInLibrary: false,
    isLinked: true,
    updatedByUserId: question.createdByUserId,
    changedBySession: NO_SESSION,
    createdAt,
    version: 1,
  }));
  await putAll(imported);
  const worked = missing.flatMap((question, i) =>
    question.work ? [{ ...imported[i], ...question.work, version: 2 }] : [],
  );
  await putAll(worked);
  return missing.length;
}
