/**
 * The reactions function: reads the table's stream (new and old images) and hands each change to
 * the reactions of the group that owns the entity. A request writes its change and answers; what
 * follows (live events, notifications, e-mail) happens here. Failures are reported per record
 * (batch item failures), so the stream retries from the first failed one, a bounded number of
 * times, then sends it to the on-failure queue; every reaction is idempotent.
 */

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { REACTION_ENTITIES } from '../../shared/background-functions';
import { logger } from '../common/logger';
import type { Change, Reactions } from '../common/reactions';
import { reactions as notificationReactions } from '../notifications/reactions';
import { reactions as teamReactions } from '../team/reactions';
import { reactions as userReactions } from '../user/reactions';

const byEntity: Reactions = { ...teamReactions, ...userReactions, ...notificationReactions };

for (const entity of REACTION_ENTITIES) {
  if (!byEntity[entity]) throw new Error(`No reaction handles ${entity} changes`);
}

type Image = Record<string, AttributeValue>;
const image = (raw: unknown) => (raw ? (unmarshall(raw as Image) as Record<string, unknown>) : undefined);

/** A stream record as the change a reaction reads, or null when no reaction follows this entity. */
export function toChange(record: DynamoDBRecord): Change | null {
  const newImage = image(record.dynamodb?.NewImage);
  const oldImage = image(record.dynamodb?.OldImage);
  const entity = String((newImage ?? oldImage)?.__edb_e__ ?? '');
  if (!byEntity[entity] || !record.eventName) return null;
  return {
    id: record.eventID ?? `${record.dynamodb?.SequenceNumber}`,
    kind: record.eventName,
    at: (record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000,
    entity,
    newImage,
    oldImage,
  };
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const change = toChange(record);
    if (!change) continue;
    try {
      await byEntity[change.entity]!(change);
    } catch (error) {
      logger.error('reaction failed', {
        entity: change.entity,
        kind: change.kind,
        id: change.id,
        error: error as Error,
      });
      // Records of a shard are processed in order: this one and every later one are retried.
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? change.id }] };
    }
  }
  return { batchItemFailures: [] };
};
