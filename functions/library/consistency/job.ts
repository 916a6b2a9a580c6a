/**
 * The consistency job (BACKGROUND_FUNCTIONS.consistencyCheck): the stream dispatcher hands it each
 * project check the reactions queued (consistency/reactions.ts). It takes the check (answer changes
 * from then on queue another) and checks the project again; the reactions tell its open screens.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromStreamQueue } from '../../common/stream-queue';
import * as repo from './repo';
import { runCheck } from './service';

export async function handleStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.__edb_e__?.S !== 'consistencyCheck' || image.recheck?.S !== 'QUEUED') continue;
    const { teamId, projectId } = unmarshall(image as Record<string, AttributeValue>);
    const key = { teamId: String(teamId), projectId: String(projectId) };
    // Gone meanwhile (the project deleted): nothing to check.
    if (!(await repo.startRecheck(key))) continue;
    await runCheck(key);
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone; a throw fails only that one. */
export const handler = fromStreamQueue(handleStreamRecords);
