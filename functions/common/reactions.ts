/**
 * What a route group exports to the reactions function: handlers for changes of the entities it
 * owns, read from the table's stream (new and old images, already unmarshalled).
 */
import { db } from './entities';
import { isConditionFailure } from './errors';

export interface Change<T = Record<string, unknown>> {
  /** The stream record's id: stable across redeliveries, so reactions can be idempotent. */
  id: string;
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** When the change was written (ms since epoch). */
  at: number;
  entity: string;
  newImage?: T;
  oldImage?: T;
}

export type Reaction = (change: Change) => Promise<void>;

/** A group's reactions, keyed by the entity whose changes they follow. */
export type Reactions = Partial<Record<string, Reaction>>;

const DONE_TTL_SECONDS = 24 * 60 * 60;

/**
 * Runs a side effect that must not happen twice (an e-mail) at most once per stream record and
 * purpose. If it fails, the mark is removed so the stream's retry can try again.
 */
export async function once(change: Change, purpose: string, effect: () => Promise<unknown>) {
  const reactionId = `${change.id}#${purpose}`;
  try {
    await db()
      .entities.reactionLog.create({
        reactionId,
        expiresAt: Math.floor(Date.now() / 1000) + DONE_TTL_SECONDS,
      })
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  try {
    await effect();
  } catch (error) {
    await db().entities.reactionLog.delete({ reactionId }).go();
    throw error;
  }
}

/** Which of these attributes differ between the old and new image. */
export const changed = <T extends Record<string, unknown>>(
  change: Change<T>,
  ...attributes: Array<keyof T>
) => attributes.some((a) => JSON.stringify(change.oldImage?.[a]) !== JSON.stringify(change.newImage?.[a]));

/**
 * Reactions that take a run of consecutive changes of one entity at once (at most a stream batch),
 * for work that is cheaper together, such as a project's aggregates after an import of hundreds of
 * questions. A failure retries the whole run; a batch reaction must be idempotent per change.
 */
export type BatchReaction = (changes: Change[]) => Promise<void>;
export type BatchReactions = Partial<Record<string, BatchReaction>>;
