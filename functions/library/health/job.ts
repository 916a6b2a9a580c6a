/**
 * The library health job (BACKGROUND_FUNCTIONS.libraryHealth): the stream dispatcher hands it,
 * through its queue, each change that leaves a team's health report QUEUED (a change of the
 * library, through the library's reaction, or Check now). It waits for the library to settle, so
 * a burst of edits or an import of a thousand answers is checked once.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromStreamQueue } from '../../common/stream-queue';
import { runHealthCheck } from './service';

export async function handleStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.__edb_e__?.S !== 'libraryHealth' || image.status?.S !== 'QUEUED') continue;
    const { teamId } = unmarshall(image as Record<string, AttributeValue>);
    await runHealthCheck(teamId);
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone; a throw fails only that one. */
export const handler = fromStreamQueue(handleStreamRecords);
