/**
 * The library-file job (BACKGROUND_FUNCTIONS.libraryFileReader): the table's stream hands it each
 * library file accepted PROCESSING (one at a time; on AWS an event source mapping filtered to them,
 * locally the runner's job poller). Reading a workbook runs here, in a function of its own memory,
 * not in the API function.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { readLibraryFile } from './library-file-reader';

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.__edb_e__?.S !== 'libraryFile' || image.status?.S !== 'PROCESSING') continue;
    const { teamId, answerSourceId } = unmarshall(image as Record<string, AttributeValue>);
    await readLibraryFile({ teamId, answerSourceId });
  }
  return { batchItemFailures: [] };
}
