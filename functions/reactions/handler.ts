/**
 * The reactions function: receives the table's changes (new and old images) from its FIFO queue,
 * fed by the stream dispatcher (functions/dispatcher/handler.ts; ordered per item), and hands each
 * change to the reactions of the group that owns the entity. A request writes its change and
 * answers; what follows (live events, notifications, e-mail) happens here. Failures are reported per
 * record (functions/common/stream-queue.ts maps them to the messages), so SQS retries only those, a
 * bounded number of times, then moves them to the queue's dead-letter queue; every reaction is
 * idempotent.
 */

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { REACTION_ENTITIES } from '../../shared/background-functions';
import { logger } from '../common/logger';
import type { BatchReactions, Change, Reactions } from '../common/reactions';
import { fromStreamQueue } from '../common/stream-queue';
import { reactions as discussionReactions } from '../discussion/reactions';
import { reactions as documentReactions } from '../documents/reactions';
import { reactions as insightsReactions } from '../insights/reactions';
import { reactions as integrationReactions } from '../integrations/reactions';
import { batchReactions as libraryBatchReactions, reactions as libraryReactions } from '../library/reactions';
import { reactions as notificationReactions } from '../notifications/reactions';
import { reactions as projectReactions } from '../projects/reactions';
import { batchReactions as questionReactions } from '../questions/reactions';
import { reactions as quizReactions } from '../quizzes/reactions';
import { reactions as sourceReactions } from '../sources/reactions';
import { reactions as teamReactions } from '../team/reactions';
import { reactions as userReactions } from '../user/reactions';

/** The groups' one-change reactions by entity; where several groups follow one entity, in turn. */
function merged(...groups: Reactions[]): Reactions {
  const all: Reactions = {};
  for (const group of groups) {
    for (const [entity, reaction] of Object.entries(group)) {
      if (!reaction) continue;
      const earlier = all[entity];
      all[entity] = earlier
        ? async (change) => {
            await earlier(change);
            await reaction(change);
          }
        : reaction;
    }
  }
  return all;
}

const byEntity = merged(
  teamReactions,
  userReactions,
  notificationReactions,
  projectReactions,
  discussionReactions,
  sourceReactions,
  libraryReactions,
  documentReactions,
  insightsReactions,
  quizReactions,
  integrationReactions,
);
/** The groups' batch reactions by entity; where several groups take one entity in batches, in turn. */
function mergedBatches(...groups: BatchReactions[]): BatchReactions {
  const all: BatchReactions = {};
  for (const group of groups) {
    for (const [entity, reaction] of Object.entries(group)) {
      if (!reaction) continue;
      const earlier = all[entity];
      all[entity] = earlier
        ? async (changes) => {
            await earlier(changes);
            await reaction(changes);
          }
        : reaction;
    }
  }
  return all;
}

const inBatches = mergedBatches(questionReactions, libraryBatchReactions);

for (const entity of REACTION_ENTITIES) {
  if (!byEntity[entity] && !inBatches[entity]) throw new Error(`No reaction handles ${entity} changes`);
}

type Image = Record<string, AttributeValue>;
/** An image as ElectroDB returns items: string sets as arrays. */
function image(raw: unknown) {
  if (!raw) return undefined;
  const item = unmarshall(raw as Image) as Record<string, unknown>;
  for (const [name, value] of Object.entries(item)) if (value instanceof Set) item[name] = [...value];
  return item;
}

/** A stream record as the change a reaction reads, or null when no reaction follows this entity. */
export function toChange(record: DynamoDBRecord): Change | null {
  const raw = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  // Read the entity before unmarshalling: items no reaction follows are skipped untouched.
  const entity = String((raw as Image | undefined)?.__edb_e__?.S ?? '');
  if ((!byEntity[entity] && !inBatches[entity]) || !record.eventName) return null;
  return {
    id: record.eventID ?? `${record.dynamodb?.SequenceNumber}`,
    kind: record.eventName,
    at: (record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000,
    entity,
    newImage: image(record.dynamodb?.NewImage),
    oldImage: image(record.dynamodb?.OldImage),
  };
}

/** Consecutive changes of one entity that has a batch reaction, each with its stream record. */
interface Run {
  entity: string;
  items: Array<{ record: DynamoDBRecord; change: Change }>;
}

function runsOf(records: DynamoDBRecord[]): Run[] {
  const runs: Run[] = [];
  for (const record of records) {
    const change = toChange(record);
    if (!change) continue;
    const last = runs.at(-1);
    if (last && inBatches[change.entity] && last.entity === change.entity)
      last.items.push({ record, change });
    else runs.push({ entity: change.entity, items: [{ record, change }] });
  }
  return runs;
}

async function react(entity: string, changes: Change[]) {
  // A group may follow an entity another group takes in batches (sources follow questions too).
  // The one-change reactions go first: what they write (an answer's review history) is there when
  // the batch's live announcement makes open screens read again.
  const batch = inBatches[entity];
  const single = byEntity[entity];
  if (single) for (const change of changes) await single(change);
  if (batch) await batch(changes);
}

/**
 * Every change of the batch is handled, whatever one of them does: a change whose reaction fails
 * (a run taken in batches is then tried change by change, to find which) is logged and reported by
 * its sequence number, and the others go on.
 */
export const handleStreamRecords = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed: Run['items'] = [];
  for (const { entity, items } of runsOf(event.Records)) {
    try {
      await react(
        entity,
        items.map((i) => i.change),
      );
    } catch (error) {
      const culprits: Run['items'] = [];
      if (items.length === 1) culprits.push(items[0]);
      else for (const item of items) await react(entity, [item.change]).catch(() => culprits.push(item));
      for (const { change } of culprits.length ? culprits : items.slice(0, 1))
        logger.error('reaction failed', { entity, kind: change.kind, id: change.id, error: error as Error });
      failed.push(...(culprits.length ? culprits : items.slice(0, 1)));
    }
  }
  return {
    batchItemFailures: failed.map(({ record, change }) => ({
      itemIdentifier: record.dynamodb?.SequenceNumber ?? change.id,
    })),
  };
};

/** The Lambda entry: the SQS batch's records together (runs of question changes are applied at once). */
export const handler = fromStreamQueue(handleStreamRecords, { together: true });
