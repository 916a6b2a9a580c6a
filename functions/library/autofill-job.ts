/**
 * The autofill job (BACKGROUND_FUNCTIONS.autofill): the stream dispatcher hands it, through its
 * queue, each autofill run created QUEUED (one at a time; on AWS an SQS event source on its queue,
 * locally the runner's queue of the same semantics). A project of thousands of questions takes
 * longer than an API request may.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromStreamQueue } from '../common/stream-queue';
import { runAutofill } from './autofill';
import { runGaps } from './gaps/service';

export async function handleStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    // The library's gap list (gaps/service.ts) is computed here too: the same reads, the same index.
    if (image?.__edb_e__?.S === 'libraryGaps' && image.status?.S === 'QUEUED') {
      await runGaps(String(image.teamId?.S));
      continue;
    }
    if (image?.__edb_e__?.S !== 'autofillRun' || image.status?.S !== 'QUEUED') continue;
    const { teamId, projectId, runId } = unmarshall(image as Record<string, AttributeValue>);
    await runAutofill({ teamId, projectId, runId });
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone; a throw fails only that one. */
export const handler = fromStreamQueue(handleStreamRecords);
