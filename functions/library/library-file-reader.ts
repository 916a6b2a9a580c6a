/**
 * The library-file job's reading (BACKGROUND_FUNCTIONS.libraryFileReader): apart from
 * library-file.ts so the API function, which only hands files over, does not carry the spreadsheet
 * reader.
 */
import type { LibraryFile } from '../../shared/schemas/answer';
import { IMPORTER_MAX_ROWS, SOURCE_MESSAGES } from '../../shared/schemas/values';
import { readSpreadsheet } from '../common/formats/spreadsheet';
import { SourceFormatError } from '../common/formats/types';
import { logger } from '../common/logger';
import { deleteUpload, readObjectBytes, writeObjectBytes } from '../common/storage';
import { contentKeyOf } from './library-file-key';
import * as repo from './repo';

/**
 * The job's work on one file still PROCESSING: read it (the zip guard first), keep its sheets'
 * cells for the importer, and mark it READY — or FAILED with the reason a user can act on. The
 * original is deleted either way; a redelivery finds the file no longer PROCESSING.
 */
export async function readLibraryFile(key: { teamId: string; answerSourceId: string }) {
  const item = await repo.getLibraryFile(key);
  if (item?.status !== 'PROCESSING') return;
  try {
    const bytes = await readObjectBytes(item.fileKey);
    if (!bytes) throw new SourceFormatError(SOURCE_MESSAGES.uploadError);
    const workbook = await readSpreadsheet(bytes, item.fileFormat);
    const file: LibraryFile = {
      sheets: workbook.sheets.map((sheet) => ({
        sheetName: sheet.sheetName,
        hidden: sheet.hidden,
        rows: sheet.content.rows.slice(0, IMPORTER_MAX_ROWS).map((r) => r.cells),
        truncated: sheet.content.rows.length > IMPORTER_MAX_ROWS,
      })),
    };
    const contentKey = contentKeyOf(key.teamId, key.answerSourceId);
    await writeObjectBytes(contentKey, new TextEncoder().encode(JSON.stringify(file)), 'application/json');
    await repo.finishLibraryFile(key, { status: 'READY', contentKey });
  } catch (error) {
    if (!(error instanceof SourceFormatError)) logger.error('library file reading failed', { error, key });
    const failureReason = error instanceof SourceFormatError ? error.reason : SOURCE_MESSAGES.uploadError;
    await repo.finishLibraryFile(key, { status: 'FAILED', failureReason });
  } finally {
    await deleteUpload(item.fileKey);
  }
}
