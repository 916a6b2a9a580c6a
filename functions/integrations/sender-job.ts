/**
 * The webhook sender (BACKGROUND_FUNCTIONS.webhookSender): the stream dispatcher hands it each
 * delivery that became PENDING (made by the reactions, a resend, a test, or put back by the retry
 * job); it makes one attempt (deliveries.ts). Never inside a request.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fromStreamQueue } from '../common/stream-queue';
import { attemptDelivery } from './deliveries';

export async function handleStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.__edb_e__?.S !== 'webhookDelivery' || image.status?.S !== 'PENDING') continue;
    const { teamId, webhookId, deliveryId } = unmarshall(image as Record<string, AttributeValue>);
    await attemptDelivery({
      teamId: String(teamId),
      webhookId: String(webhookId),
      deliveryId: String(deliveryId),
    });
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone. */
export const handler = fromStreamQueue(handleStreamRecords);
