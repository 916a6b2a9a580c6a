/**
 * The library importer's file (spec 002 §2.2, §7.2): upload (a presigned POST), `complete` (the
 * bytes checked, the file handed to the library-file job), then the importer asks for it until it
 * is READY with its sheets' cells or FAILED with the reason. The reading — inflating a workbook,
 * building its cells — runs in the job (BACKGROUND_FUNCTIONS.libraryFileReader), never inside the
 * API function: the original is read once there and not kept; the read sheets are kept a day.
 * The reading itself is library-file-reader.ts, so the spreadsheet reader stays out of the API bundle;
 * where it keeps the cells is library-file-key.ts.
 */
import type { LibraryFile, LibraryFileState } from '../../shared/schemas/answer';
import { SOURCE_CONTENT_TYPES, SOURCE_MAX_BYTES, SOURCE_MESSAGES } from '../../shared/schemas/source';
import type { TeamCaller } from '../common/caller';
import { NotFoundError } from '../common/errors';
import { readObjectBytes } from '../common/storage';
import {
  acceptUpload,
  isStagingKeyOf,
  STAGING_PREFIX,
  startUpload,
  type UploadRule,
} from '../common/uploads';
import * as repo from './repo';

const LIBRARY_UPLOAD_RULE: UploadRule = {
  maxBytes: SOURCE_MAX_BYTES,
  types: [SOURCE_CONTENT_TYPES.xlsx, SOURCE_CONTENT_TYPES.csv],
  tooLarge: SOURCE_MESSAGES.tooLarge,
  wrongType: SOURCE_MESSAGES.uploadError,
};
const uploadOwner = (teamId: string) => `teams/${teamId}/library`;
/** A read file is kept for the importer a day (the table's TTL; exports/ expire from storage). */
const KEPT_SECONDS = 24 * 60 * 60;

/** Upload a library file: a presigned POST for a staged key, named by the answerSourceId. */
export async function requestLibraryUpload(
  caller: TeamCaller,
  body: { fileName: string; contentType: string },
) {
  const format = body.fileName.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
  const { key, upload } = await startUpload(
    uploadOwner(caller.user.teamId),
    SOURCE_CONTENT_TYPES[format],
    LIBRARY_UPLOAD_RULE,
  );
  return { answerSourceId: key.slice(key.lastIndexOf('/') + 1), upload };
}

/**
 * The uploaded file checked by its bytes (422 when they are not a spreadsheet) and handed to the
 * library-file job: answers at once, PROCESSING.
 */
export async function completeLibraryUpload(
  caller: TeamCaller,
  answerSourceId: string,
): Promise<LibraryFileState> {
  const { teamId, userId } = caller.user;
  const owner = uploadOwner(teamId);
  const stagingKey = `${STAGING_PREFIX}${owner}/${answerSourceId}`;
  if (!isStagingKeyOf(stagingKey, owner)) throw new NotFoundError('Upload not found');
  const accepted = await acceptUpload(stagingKey, `library/${teamId}/${answerSourceId}`, LIBRARY_UPLOAD_RULE);
  await repo.createLibraryFile({
    teamId,
    answerSourceId,
    status: 'PROCESSING',
    fileFormat: accepted.contentType === SOURCE_CONTENT_TYPES.csv ? 'csv' : 'xlsx',
    fileKey: accepted.key,
    uploadedByUserId: userId,
    expiresAt: Math.floor(Date.now() / 1000) + KEPT_SECONDS,
  });
  return { answerSourceId, status: 'PROCESSING' };
}

/** The caller's own library file (404 for anyone else's): its state, and its sheets once READY. */
export async function getLibraryUpload(
  caller: TeamCaller,
  answerSourceId: string,
): Promise<LibraryFileState> {
  const { teamId, userId } = caller.user;
  const item = await repo.getLibraryFile({ teamId, answerSourceId });
  if (!item || item.uploadedByUserId !== userId) throw new NotFoundError('Upload not found');
  const state: LibraryFileState = { answerSourceId, status: item.status };
  if (item.status === 'FAILED') state.failureReason = item.failureReason ?? SOURCE_MESSAGES.uploadError;
  if (item.status === 'READY') {
    const content = item.contentKey ? await readObjectBytes(item.contentKey) : null;
    if (!content) throw new NotFoundError('Upload not found');
    state.file = JSON.parse(new TextDecoder().decode(content)) as LibraryFile;
  }
  return state;
}
