/**
 * The access patterns of the gap list and of the reasons Fill from library left questions empty.
 */
import type { EntityItem } from 'electrodb';
import { writeAll } from '../../common/batch';
import { bindService } from '../../common/db';
import { sharedEntities } from '../../common/entities';
import { isConditionFailure } from '../../common/errors';
import { AutofillEmptyEntity, LibraryGapsEntity } from './entities';

const db = bindService({
  libraryGaps: LibraryGapsEntity,
  autofillEmpty: AutofillEmptyEntity,
  project: sharedEntities.project,
  question: sharedEntities.question,
});

export type GapsItem = EntityItem<typeof LibraryGapsEntity>;
export type AutofillEmptyItem = EntityItem<typeof AutofillEmptyEntity>;
export type QuestionItem = EntityItem<typeof sharedEntities.question>;

export const getGaps = async (teamId: string) => (await db().entities.libraryGaps.get({ teamId }).go()).data;

/**
 * Queues the gaps job: creates the team's item, or moves it to QUEUED from READY (or from a
 * RUNNING that never finished). False when someone else queued it first.
 */
export async function queueGaps(teamId: string, current: GapsItem | null) {
  try {
    if (!current) {
      await db().entities.libraryGaps.create({ teamId, status: 'QUEUED', changes: 0 }).go();
    } else {
      // A READY list is queued whatever was counted on it since it was read (the stream's counts
      // move its updatedAt); a run that stopped is taken over only as it was read.
      await db()
        .entities.libraryGaps.patch({ teamId })
        .set({ status: 'QUEUED' })
        .where(({ status, updatedAt }, { eq }) =>
          [
            eq(status, current.status),
            ...(current.status === 'READY' ? [] : [eq(updatedAt, current.updatedAt)]),
          ].join(' AND '),
        )
        .go();
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The job takes a QUEUED list (once: a redelivered record finds it RUNNING or READY). */
export async function takeGaps(teamId: string) {
  try {
    await db()
      .entities.libraryGaps.patch({ teamId })
      .set({ status: 'RUNNING' })
      .where(({ status }, { eq }) => eq(status, 'QUEUED'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function finishGaps(
  teamId: string,
  done: Required<Pick<GapsItem, 'computedChanges' | 'indexVersion' | 'objectKey' | 'computedAt'>>,
) {
  await db()
    .entities.libraryGaps.patch({ teamId })
    .set({ status: 'READY', ...done })
    .go();
}

/** The stream saw changes that can move the list: counted, only on a team that has one. */
export async function countGapChanges(teamId: string, changes: number) {
  try {
    await db().entities.libraryGaps.patch({ teamId }).add({ changes }).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The team's projects, with what visibility needs. */
export async function projectsOf(teamId: string) {
  const { data } = await db()
    .entities.project.query.primary({ teamId })
    .go({
      pages: 'all',
      attributes: ['projectId', 'name', 'accessVisibility', 'memberUserIds', 'createdAt'],
    });
  return data;
}

/** Every question of a project. */
export async function questionsOf(teamId: string, projectId: string) {
  return (await db().entities.question.query.primary({ teamId, projectId }).go({ pages: 'all' })).data;
}

// ——— Fill from library's empty questions ———

export async function putAutofillEmpty(items: AutofillEmptyItem[]) {
  await writeAll(items, (batch, options) => db().entities.autofillEmpty.put(batch).go(options), [
    'projectId',
    'runId',
    'questionId',
  ]);
}

export async function autofillEmptyOf(teamId: string, projectId: string, runId: string) {
  const { data } = await db()
    .entities.autofillEmpty.query.primary({ teamId, projectId, runId })
    .go({ pages: 'all' });
  return data;
}
