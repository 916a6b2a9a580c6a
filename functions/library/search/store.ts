/**
 * Where each team's suggestion index lives: serialised in the uploads bucket
 * (library-index/<teamId>/<version>.json), with a pointer item in the team's library partition
 * naming the current version. The stream's library reaction applies each batch of answer changes
 * to the index and writes a new version; the library function keeps the index in memory and reloads
 * it only when the pointer has moved, so a warm suggestion costs one GetItem and the search. Every
 * answer is indexed whatever its status: a search reads the hits' current state from the table, so
 * archiving and restoring take effect at once.
 */
import { config } from '../../common/config';
import { deleteUpload, readObjectBytes, writeObjectBytes } from '../../common/storage';
import * as repo from '../repo';
import { type IndexEntry, LibraryIndex } from './engine';

/** Each team's index in memory, by table and team (one table on AWS; a table per test file locally). */
const held = new Map<string, { version: number; index: LibraryIndex }>();
const heldKey = (teamId: string) => `${config.tableName}#${teamId}`;

/**
 * The answer an entry's searches find instead of it: while it stays archived by a merge, the one it
 * was merged into (the user said they are one question, so its wording keeps finding that answer).
 */
export const reportedAs = (a: Pick<repo.LibraryAnswerItem, 'answerStatus' | 'mergedIntoAnswerId'>) =>
  a.answerStatus === 'ARCHIVED' ? a.mergedIntoAnswerId : undefined;

const entryOf = (a: repo.LibraryAnswerItem): IndexEntry => {
  const reportAs = reportedAs(a);
  return {
    answerId: a.answerId,
    originalQuestion: a.originalQuestion,
    answer: a.answer,
    ...(reportAs ? { reportAs } : {}),
  };
};

async function fromTable(teamId: string) {
  return LibraryIndex.build((await repo.answersOf(teamId)).map(entryOf));
}

/** The index the pointer names: from memory when it is the same version, else from the bucket. */
async function current(teamId: string) {
  const pointer = await repo.getIndexPointer(teamId);
  if (!pointer) return { pointer, index: null };
  const mine = held.get(heldKey(teamId));
  if (mine?.version === pointer.version) return { pointer, index: mine.index };
  const bytes = await readObjectBytes(pointer.objectKey);
  if (!bytes) return { pointer, index: null };
  // An index from an earlier analysis is rebuilt from the table and held; the next change saves it.
  const index = LibraryIndex.fromJSON(new TextDecoder().decode(bytes)) ?? (await fromTable(teamId));
  held.set(heldKey(teamId), { version: pointer.version, index });
  return { pointer, index };
}

/**
 * The team's index for searching. Before the stream has written one (a library not changed since),
 * it is built from the table for this call.
 */
export async function teamIndex(teamId: string): Promise<LibraryIndex> {
  return (await current(teamId)).index ?? fromTable(teamId);
}

export interface AnswerChange {
  answerId: string;
  /** The answer as it is now; absent when it was deleted. */
  now?: repo.LibraryAnswerItem;
}

const ATTEMPTS = 3;

/**
 * Applies a run of one team's answer changes to its index and publishes the new version. Without
 * a readable index the whole library is read from the table (which already holds the changes).
 * Applying a change twice is harmless, so the stream may redeliver.
 */
export async function updateTeamIndex(teamId: string, changes: AnswerChange[]) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { pointer, index: found } = await current(teamId);
    let index = found;
    if (index) {
      for (const change of changes) {
        if (change.now) index.upsert(entryOf(change.now));
        else index.remove(change.answerId);
      }
    } else index = await fromTable(teamId);
    const version = (pointer?.version ?? 0) + 1;
    const json = new TextEncoder().encode(index.toJSON());
    const objectKey = `library-index/${teamId}/${version}.json`;
    await writeObjectBytes(objectKey, json, 'application/json');
    const moved = await repo.moveIndexPointer(
      {
        teamId,
        version,
        objectKey,
        documents: index.size,
        bytes: json.byteLength,
        builtAt: new Date().toISOString(),
      },
      pointer?.version,
    );
    if (moved) {
      held.set(heldKey(teamId), { version, index });
      if (pointer) await deleteUpload(pointer.objectKey);
      return;
    }
    // Another writer moved the pointer first: start again from its version.
    held.delete(heldKey(teamId));
    await deleteUpload(objectKey);
  }
  throw new Error(`The library index of team ${teamId} kept changing under ${ATTEMPTS} attempts`);
}
