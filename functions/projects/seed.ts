/**
 * Seeding entry point for the local runner: demo projects and their questions, written exactly as
 * the API writes them (the project with its empty aggregates in one transaction; questions through
 * the question entity), so the table's stream builds the dashboard aggregates as in production.
 * Everything is created once, under fixed ids: seeding again changes nothing, edits included.
 */
import type { ProjectItem, QuestionItem } from '../common/entities';
import { db } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { sessionMark } from '../common/events';

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
/** Writes in flight at once: quick on DynamoDB Local without crowding it. */
const PARALLEL = 8;

async function inParallel<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

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
 * The questions of a project that are not there yet, each created (INSERT) and then, if it has
 * work, changed (MODIFY) — so the aggregates count the import and the contributions separately,
 * as they do for an import followed by people answering. One Query finds what exists.
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
  let created = 0;
  await inParallel(missing, async ({ work, ...question }) => {
    try {
      await db()
        .entities.question.create({
          ...question,
          teamId,
          projectId,
          updatedByUserId: question.createdByUserId,
          changedBySession: NO_SESSION,
        })
        .go();
    } catch (error) {
      if (isConditionFailure(error)) return;
      throw error;
    }
    created++;
    if (!work) return;
    await db()
      .entities.question.patch({ teamId, projectId, questionId: question.questionId })
      .set({ ...work, changedBySession: NO_SESSION })
      .add({ version: 1 })
      .go();
  });
  return created;
}
