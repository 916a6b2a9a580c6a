/**
 * The Insights export job (BACKGROUND_FUNCTIONS.insightsExport): the stream dispatcher hands it,
 * through its queue, each export created QUEUED. It reads every matching question the requester may see, writes the CSV to
 * the uploads bucket and marks the export DONE (or FAILED), off the request path however large the
 * team is.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { InsightsFilter } from '../../shared/schemas/insights';
import { logger } from '../common/logger';
import { writeObjectBytes } from '../common/storage';
import { fromStreamQueue } from '../common/stream-queue';
import { insightsCsv } from './csv';
import * as repo from './repo';
import { matchingRows, toResults } from './service';

/** Results are named in batches (usersById is one BatchGetItem per batch). */
const BATCH = 500;

export async function runExport(teamId: string, exportId: string) {
  const item = await repo.getExport(teamId, exportId);
  if (item?.status !== 'QUEUED') return;
  await repo.updateExport(teamId, exportId, { status: 'RUNNING' });
  try {
    const filter = InsightsFilter.parse(JSON.parse(item.filter));
    const { rows, projects } = await matchingRows(
      { teamId, userId: item.userId },
      filter,
      Number.POSITIVE_INFINITY,
    );
    const results = [];
    for (let i = 0; i < rows.length; i += BATCH)
      results.push(...(await toResults(rows.slice(i, i + BATCH), projects)));
    const fileKey = `exports/insights/${teamId}/${exportId}.csv`;
    await writeObjectBytes(
      fileKey,
      new TextEncoder().encode(insightsCsv(results)),
      'text/csv; charset=utf-8',
    );
    await repo.updateExport(teamId, exportId, { status: 'DONE', rows: results.length, fileKey });
  } catch (error) {
    logger.error('insights export failed', { teamId, exportId, error: error as Error });
    await repo.updateExport(teamId, exportId, { status: 'FAILED' });
  }
}

export async function handleStreamRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.__edb_e__?.S !== 'insightsExport' || image.status?.S !== 'QUEUED') continue;
    const { teamId, exportId } = unmarshall(image as Record<string, AttributeValue>);
    await runExport(teamId, exportId);
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone; a throw fails only that one. */
export const handler = fromStreamQueue(handleStreamRecords);
