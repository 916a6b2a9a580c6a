/**
 * The processing job (BACKGROUND_FUNCTIONS.sourceProcessor): the stream dispatcher hands it,
 * through its queue, each source that turns PROCESSING (one at a time; on AWS an SQS event source
 * on its queue, locally the runner's queue of the same semantics), and each sheet saved too large
 * for a request (applySheet in configure.ts), and each new version of a questionnaire to compare or
 * apply (versions/service.ts). It reads the original file, writes each sheet's cells or the
 * document's converted content to storage, proposes a layout (detection), and marks the source
 * READY — or FAILED with a reason a user can act on. It is idempotent (a redelivery rewrites the
 * same items) and never leaves a source PROCESSING.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { SourceItem, SourceSheetItem } from '../common/entities';
import { detectSheetLayout } from '../common/formats/detect';
import { detectDocumentQuestions } from '../common/formats/detect-document';
import { readDocument } from '../common/formats/document';
import { readSpreadsheet } from '../common/formats/spreadsheet';
import { SourceFormatError } from '../common/formats/types';
import { logger } from '../common/logger';
import { sessionMark } from '../common/session-mark';
import { readObjectBytes, writeObjectBytes } from '../common/storage';
import { fromStreamQueue, type StreamDelivery } from '../common/stream-queue';
import { applySheet } from './configure';
import * as repo from './repo';
import { documentContentKey, sheetContentKey, sheetIdOf } from './sources';
import {
  applyVersion,
  compareVersion,
  likelyPreviousDocument,
  likelyPreviousVersion,
} from './versions/service';

export const UNREADABLE =
  'We could not read this file. Check that it opens in Excel or Word, then upload it again.';

/** Why a file whose reading outlived the job's time or memory (its function's timeout) failed. */
export const OVER_BUDGET =
  'This file took too long to read, or needed too much memory. Remove what is not part of the questionnaire, or split it into smaller files, and upload it again.';

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** The name a CSV's one sheet shows: the file's name without its extension. */
const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'Sheet1';

async function processSpreadsheet(source: SourceItem, bytes: Uint8Array) {
  const workbook = await readSpreadsheet(bytes, source.fileFormat as 'xlsx' | 'csv');
  const sheets = [];
  for (const sheet of workbook.sheets) {
    const sheetId = sheetIdOf(source.projectSourceId, sheet.sheetIndex);
    await writeObjectBytes(sheetContentKey(source, sheetId), json(sheet.content), 'application/json');
    const suggestion = detectSheetLayout(sheet);
    sheets.push({
      teamId: source.teamId,
      projectId: source.projectId,
      projectSourceId: source.projectSourceId,
      sheetId,
      sheetName: source.fileFormat === 'csv' ? baseName(source.fileName) : sheet.sheetName,
      sheetIndex: sheet.sheetIndex,
      hidden: sheet.hidden,
      columnCount: sheet.columnCount,
      rowCount: sheet.rowCount,
      isLinked: false,
      columnClassifications: suggestion.columnClassifications,
      includedRows: '',
      excludedRows: '',
      suggestion,
      configured: false,
      questionCount: 0,
      version: 1,
    });
  }
  await repo.putSheets(sheets);
  return sheets.filter((s) => !s.hidden).map((s) => s.sheetName);
}

async function processDocument(source: SourceItem, bytes: Uint8Array) {
  const content = await readDocument(bytes);
  const suggestion = detectDocumentQuestions(content);
  await writeObjectBytes(documentContentKey(source), json(content), 'application/json');
  await repo.putDocument({
    teamId: source.teamId,
    projectId: source.projectId,
    projectSourceId: source.projectSourceId,
    isLinked: false,
    configuration: { documentTableFillEnabled: true, tableFillEnabled: false },
    annotations: [],
    suggestion,
    configured: false,
    questionCount: 0,
    version: 1,
  });
  // The same questionnaire again (a corrected file, or the customer's next version): offered as such.
  return source.previousSourceId ? undefined : await likelyPreviousDocument(source, content, suggestion);
}

/** A source's key, from the source. */
const keyOf = (source: SourceItem) => ({
  teamId: source.teamId,
  projectId: source.projectId,
  projectSourceId: source.projectSourceId,
});

export async function processSource(source: SourceItem) {
  const key = keyOf(source);
  try {
    const bytes = source.fileKey ? await readObjectBytes(source.fileKey) : null;
    if (!bytes) throw new SourceFormatError(UNREADABLE);
    let matchesSourceId: string | undefined;
    if (source.fileFormat === 'docx') matchesSourceId = await processDocument(source, bytes);
    else {
      const sheetNames = await processSpreadsheet(source, bytes);
      // The same questionnaire again (a corrected file, or the customer's next version): offered as such.
      if (!source.previousSourceId) matchesSourceId = await likelyPreviousVersion(source, sheetNames);
    }
    // The job's own change: announced to every session, the uploader's included.
    await repo.updateSource(key, 'PROCESSING', {
      status: 'READY',
      ...(matchesSourceId ? { matchesSourceId } : {}),
      changedBySession: sessionMark(null),
    });
  } catch (error) {
    if (!(error instanceof SourceFormatError)) logger.error('source processing failed', { error, key });
    await failSource(source, error instanceof SourceFormatError ? error.reason : UNREADABLE);
  }
}

async function failSource(source: SourceItem, failureReason: string) {
  await repo
    .updateSource(keyOf(source), 'PROCESSING', {
      status: 'FAILED',
      failureReason,
      changedBySession: sessionMark(null),
    })
    .catch(() => {
      // Handled meanwhile (a redelivery finished first): nothing to record.
    });
}

const entityOf = (record: DynamoDBRecord) => record.dynamodb?.NewImage?.__edb_e__?.S;

/**
 * Each record is one of the job's triggers (shared/background-functions.ts), re-read before acting.
 * Reading a file ends in READY or FAILED whatever goes wrong in it, so a source still PROCESSING
 * when its message comes back (`receiveCount` above 1) was being read when the function ran out
 * of time or memory: it is not read again (it would only do the same) but marked FAILED, saying so.
 */
export async function handleStreamRecords(
  event: DynamoDBStreamEvent,
  { receiveCount }: StreamDelivery = { receiveCount: 1 },
): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = unmarshall(image as Record<string, AttributeValue>);
    if (entityOf(record) === 'source' && item.status === 'PROCESSING') {
      const { teamId, projectId, projectSourceId } = item as SourceItem;
      const current = await repo.getSource({ teamId, projectId, projectSourceId });
      if (current?.status !== 'PROCESSING') continue;
      if (receiveCount > 1) await failSource(current, OVER_BUDGET);
      else await processSource(current);
    } else if (
      entityOf(record) === 'source' &&
      item.versionState === 'COMPARING' &&
      item.status === 'READY'
    ) {
      await compareVersion(item as SourceItem);
    } else if (entityOf(record) === 'source' && item.versionState === 'APPLYING') {
      await applyVersion(item as SourceItem);
    } else if (entityOf(record) === 'sourceSheet' && item.applyState === 'APPLYING') {
      const { teamId, projectId, projectSourceId, sheetId } = item as SourceSheetItem;
      await applySheet({ teamId, projectId, projectSourceId, sheetId });
    }
  }
  return { batchItemFailures: [] };
}

/** The Lambda entry: each message of its queue (one stream record) alone; a throw fails only that one. */
export const handler = fromStreamQueue(handleStreamRecords);
