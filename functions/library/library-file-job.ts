/**
 * The library-file job (BACKGROUND_FUNCTIONS.libraryFileReader): the stream dispatcher hands it,
 * through its queue, each library file accepted PROCESSING (one at a time; on AWS an SQS event
 * source on its queue, locally the runner's queue of the same semantics). Reading a workbook runs
 * here, in a function of its own memory, not in the API function.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromStreamQueue } from '../common/stream-queue';
import { readLibraryFile } from './library-file-reader';

export async function handleStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.__edb_e__?.S !== 'libraryFile' || image.status?.S !== 'PROCESSING') continue;
    const { teamId, answerSourceId } = unmarshall(image as Record<string, AttributeValue>);
    await readLibraryFile({ teamId, answerSourceId });
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone; a throw fails only that one. */
export const handler = fromStreamQueue(handleStreamRecords);
