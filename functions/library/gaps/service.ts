/**
 * Gaps (issue 28 part 4): the library's to-do list. The questions of the team's projects of the
 * last GAP_WINDOW_DAYS days that the library does not answer with confidence, grouped by concept
 * (find-gaps.ts), most frequent first, each with the projects that asked it.
 *
 * Computed by a job, read as one object: the stream counts each change that can move the list
 * (reactions.ts: a question asked, reworded, answered or removed; a library answer changed); a
 * view that finds the list behind (a change counted since, or the suggestion index moved) queues
 * the job and shows the list it has meanwhile, marked `updating`. So changes cost one counter
 * update, many changes between two views one computation, and a view one GetItem and one object.
 *
 * PRIVATE projects: the list holds every project's questions, and each view keeps only the
 * projects the caller can see (counts, projects and the question "Add to library" starts from).
 */
import { AUTOFILL_THRESHOLD } from '../../../shared/schemas/answer';
import { GAP_WINDOW_DAYS, type GapReport } from '../../../shared/schemas/library-gaps';
import type { TeamCaller } from '../../common/caller';
import { canSeeProject } from '../../common/entities';
import { logger } from '../../common/logger';
import { deleteUpload, readObjectBytes, writeObjectBytes } from '../../common/storage';
import { answersOf, getIndexPointer } from '../repo';
import { teamIndex } from '../search/store';
import { findGaps, type GapQuestion, type LibraryEntry } from './find-gaps';
import * as repo from './repo';
import { reportFor, type Snapshot } from './view';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A run that has not finished this long after it started will not (the job's limit is 15 minutes). */
const STALE_RUN_MS = 20 * 60 * 1000;
const READS_IN_FLIGHT = 4;

/** The last snapshot read, by object key (each computation writes a new one). */
let held: { objectKey: string; snapshot: Snapshot } | null = null;

async function snapshotAt(objectKey: string): Promise<Snapshot | null> {
  if (held?.objectKey === objectKey) return held.snapshot;
  const bytes = await readObjectBytes(objectKey);
  if (!bytes) return null;
  const snapshot = JSON.parse(new TextDecoder().decode(bytes)) as Snapshot;
  held = { objectKey, snapshot };
  return snapshot;
}

const behind = (item: repo.GapsItem, indexVersion: number) =>
  item.computedChanges !== item.changes || item.indexVersion !== indexVersion || !item.objectKey;

const runningTooLong = (item: repo.GapsItem) =>
  item.status !== 'READY' && Date.now() - Date.parse(item.updatedAt) > STALE_RUN_MS;

/** The gaps the caller can see, most frequent first; queues a new computation when the list is behind. */
export async function listGaps(caller: TeamCaller): Promise<GapReport> {
  const { teamId, userId } = caller.user;
  const [item, pointer, projects] = await Promise.all([
    repo.getGaps(teamId),
    getIndexPointer(teamId),
    repo.projectsOf(teamId),
  ]);
  let updating = !item || behind(item, pointer?.version ?? 0);
  if (updating && (!item || item.status === 'READY' || runningTooLong(item))) {
    await repo.queueGaps(teamId, item);
  }
  const snapshot = item?.objectKey ? await snapshotAt(item.objectKey) : null;
  if (!snapshot) return { gaps: [], total: 0, updating: true };
  if (item?.status === 'QUEUED' || item?.status === 'RUNNING') updating = true;

  const visible = new Map(
    projects.filter((p) => canSeeProject(p, userId)).map((p) => [p.projectId, p.name] as const),
  );
  return { ...reportFor(snapshot, visible), updating };
}

// ——— The job ———

/** What the gap computation reads of a question (a projection of the question item). */
export function gapQuestionOf(q: repo.QuestionItem): GapQuestion | null {
  if (q.deletedAt || q.isLinked === false || !q.question?.trim()) return null;
  // A draft waiting for review is the library's answer, not a person's.
  const answer = q.libraryDraft ? '' : (q.answer ?? '').trim();
  return {
    projectId: q.projectId,
    questionId: q.questionId,
    question: q.question,
    ...(answer ? { answer, answeredAt: q.updatedAt } : {}),
  };
}

/** The team's questions asked in the window, from every project (PRIVATE ones too: views filter). */
export async function questionsInWindow(teamId: string, now = Date.now()): Promise<GapQuestion[]> {
  const since = new Date(now - GAP_WINDOW_DAYS * DAY_MS).toISOString();
  const projects = await repo.projectsOf(teamId);
  const found: GapQuestion[] = [];
  for (let i = 0; i < projects.length; i += READS_IN_FLIGHT) {
    const batch = await Promise.all(
      projects.slice(i, i + READS_IN_FLIGHT).map((p) => repo.questionsOf(teamId, p.projectId)),
    );
    for (const q of batch.flat()) {
      if (q.createdAt < since) continue;
      const gap = gapQuestionOf(q);
      if (gap) found.push(gap);
    }
  }
  return found;
}

export async function libraryEntries(teamId: string): Promise<Map<string, LibraryEntry>> {
  return new Map(
    (await answersOf(teamId)).map((a) => [
      a.answerId,
      {
        answerId: a.answerId,
        originalQuestion: a.originalQuestion,
        answer: a.answer,
        available: a.answerStatus === 'IN-USE',
      },
    ]),
  );
}

/** Computes a QUEUED gap list (a redelivered record finds it taken and does nothing). */
export async function runGaps(teamId: string) {
  const item = await repo.getGaps(teamId);
  if (item?.status !== 'QUEUED' || !(await repo.takeGaps(teamId))) return;
  // What the list will be as of: changes counted after this are computed by the next run.
  const changes = item.changes;
  const pointer = await getIndexPointer(teamId);
  try {
    const [questions, entries, index] = await Promise.all([
      questionsInWindow(teamId),
      libraryEntries(teamId),
      teamIndex(teamId),
    ]);
    const computedAt = new Date().toISOString();
    const snapshot: Snapshot = { computedAt, gaps: findGaps(questions, index, entries, AUTOFILL_THRESHOLD) };
    const objectKey = `library-gaps/${teamId}/${Date.now().toString(36)}.json`;
    await writeObjectBytes(objectKey, new TextEncoder().encode(JSON.stringify(snapshot)), 'application/json');
    await repo.finishGaps(teamId, {
      computedChanges: changes,
      indexVersion: pointer?.version ?? 0,
      objectKey,
      computedAt,
    });
    if (item.objectKey) await deleteUpload(item.objectKey);
  } catch (error) {
    logger.error('gaps failed', { error, teamId });
    // READY with the old list: the next view finds it behind and tries again.
    await repo.finishGaps(teamId, {
      computedChanges: -1,
      indexVersion: item.indexVersion ?? 0,
      objectKey: item.objectKey ?? '',
      computedAt: item.computedAt ?? new Date().toISOString(),
    });
  }
}
