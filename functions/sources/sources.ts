/**
 * Source files: start an upload, complete it (the bytes are checked, then the processing job takes
 * the file), list and read them with their sheets or document.
 */
import { randomUUID } from 'node:crypto';
import {
  type CreateSourceRequest,
  type DocumentDetail,
  MACRO_WORKBOOK,
  type SheetDetail,
  type SheetLayout,
  type SheetSummary,
  SOURCE_CONTENT_TYPES,
  SOURCE_MAX_BYTES,
  SOURCE_MESSAGES,
  type Source,
  sourceFormatOf,
} from '../../shared/schemas/source';
import type { TeamCaller } from '../common/caller';
import type { ProjectItem, SourceDocumentItem, SourceItem, SourceSheetItem } from '../common/entities';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError } from '../common/errors';
import { explainUnreadable } from '../common/formats/zip-guard';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { fromRanges } from '../common/sheet-rows';
import { presignDownload } from '../common/storage';
import { acceptUpload, isStagingKeyOf, startUpload, type UploadRule } from '../common/uploads';
import * as repo from './repo';
import { newVersionFields } from './versions/previous';

export const SOURCE_NOT_FOUND = 'That file does not exist';
export const SHEET_NOT_FOUND = 'That sheet does not exist';
export const PROJECT_CLOSED = 'This project is closed. Re-open it to add questions.';
export const NOT_READY = 'This file is not ready to configure yet';
/** Content of a sheet or document is read through short-lived links (it can be megabytes). */
const CONTENT_URL_SECONDS = 15 * 60;

const projectPrefix = (teamId: string, projectId: string) => `teams/${teamId}/projects/${projectId}`;
const stagingOwner = (caller: TeamCaller, projectId: string) =>
  `${projectPrefix(caller.user.teamId, projectId)}/${caller.user.userId}`;

import { documentContentKey, sheetContentKey } from '../common/source-content';

export { documentContentKey, sheetContentKey };
export const sheetIdOf = (projectSourceId: string, sheetIndex: number) => `${projectSourceId}_${sheetIndex}`;

async function openProject(caller: TeamCaller, projectId: string) {
  const project = await visibleProject(caller, projectId);
  if (project.projectStatus === 'COMPLETE') throw new ConflictError(PROJECT_CLOSED);
  return project;
}

export async function visibleSource(caller: TeamCaller, projectId: string, projectSourceId: string) {
  const project = await visibleProject(caller, projectId);
  const source = await repo.getSource({ teamId: caller.user.teamId, projectId, projectSourceId });
  if (!source || source.deletedAt) throw new NotFoundError(SOURCE_NOT_FOUND);
  return { project, source };
}

function toSheetSummary(sheet: SourceSheetItem): SheetSummary {
  return {
    sheetId: sheet.sheetId,
    sheetName: sheet.sheetName,
    sheetIndex: sheet.sheetIndex,
    hidden: sheet.hidden,
    columnCount: sheet.columnCount,
    rowCount: sheet.rowCount,
    isLinked: sheet.isLinked,
    columnClassifications: sheet.columnClassifications,
    configured: sheet.configured,
    questionCount: sheet.questionCount,
    applying: sheet.applyState === 'APPLYING',
    ...(sheet.applyError ? { applyError: sheet.applyError } : {}),
    complianceWording: sheet.complianceWording,
    version: sheet.version,
  };
}

export function toSource(
  source: SourceItem,
  sheets: SourceSheetItem[],
  document?: SourceDocumentItem,
): Source {
  return {
    projectSourceId: source.projectSourceId,
    fileName: source.fileName,
    fileFormat: source.fileFormat,
    ...(source.macroEnabled ? { macroEnabled: true } : {}),
    status: source.status,
    failureReason: source.failureReason,
    sizeBytes: source.sizeBytes,
    createdAt: source.createdAt,
    createdByUserId: source.createdByUserId,
    updatedAt: source.updatedAt,
    complianceWording: source.complianceWording,
    ...(source.previousSourceId ? { previousSourceId: source.previousSourceId } : {}),
    ...(source.versionState ? { versionState: source.versionState } : {}),
    ...(source.versionError ? { versionError: source.versionError } : {}),
    ...(source.replacedBySourceId ? { replacedBySourceId: source.replacedBySourceId } : {}),
    ...(source.matchesSourceId ? { matchesSourceId: source.matchesSourceId } : {}),
    sheets: sheets
      .filter((s) => s.projectSourceId === source.projectSourceId)
      .sort((a, b) => a.sheetIndex - b.sheetIndex)
      .map(toSheetSummary),
    document: document
      ? {
          sourceDocumentId: document.projectSourceId,
          isLinked: document.isLinked,
          configured: document.configured,
          questionCount: document.questionCount,
        }
      : undefined,
  };
}

export async function listSources(caller: TeamCaller, projectId: string): Promise<Source[]> {
  await visibleProject(caller, projectId);
  const { sources, sheets, documents } = await repo.sourcesOf({ teamId: caller.user.teamId, projectId });
  return sources
    .filter((s) => !s.deletedAt && s.status !== 'UPLOADING')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((s) =>
      toSource(
        s,
        sheets,
        documents.find((d) => d.projectSourceId === s.projectSourceId),
      ),
    );
}

export async function getSource(caller: TeamCaller, projectId: string, projectSourceId: string) {
  const { source } = await visibleSource(caller, projectId, projectSourceId);
  const key = { teamId: caller.user.teamId, projectId, projectSourceId };
  const [sheets, document] = await Promise.all([repo.sheetsOf(key), repo.getDocument(key)]);
  return toSource(source, sheets, document ?? undefined);
}

export async function createSource(
  caller: TeamCaller,
  projectId: string,
  body: CreateSourceRequest,
  sessionId: string | null,
) {
  await openProject(caller, projectId);
  const format = sourceFormatOf(body.fileName);
  if (!format) throw new BadRequestError('Invalid request body', { fileName: [SOURCE_MESSAGES.uploadError] });
  const version = body.previousSourceId
    ? await newVersionFields(caller, projectId, body.previousSourceId, format)
    : {};
  const projectSourceId = randomUUID();
  const { key, upload } = await startUpload(
    stagingOwner(caller, projectId),
    SOURCE_CONTENT_TYPES[format],
    ruleFor(format),
  );
  await repo.createSource({
    teamId: caller.user.teamId,
    projectId,
    projectSourceId,
    fileName: body.fileName,
    fileFormat: format,
    status: 'UPLOADING',
    stagingKey: key,
    ...version,
    createdByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return { projectSourceId, upload };
}

/** file-type names a macro-enabled workbook by its lower-cased type. */
const MACRO_TYPE = MACRO_WORKBOOK.contentType.toLowerCase();

const ruleFor = (format: SourceItem['fileFormat']): UploadRule => ({
  maxBytes: SOURCE_MAX_BYTES,
  // A workbook is a workbook by its bytes, macro-enabled or not, whichever of .xlsx/.xlsm it is named.
  types: format === 'xlsx' ? [SOURCE_CONTENT_TYPES.xlsx, MACRO_TYPE] : [SOURCE_CONTENT_TYPES[format]],
  tooLarge: SOURCE_MESSAGES.tooLarge,
  wrongType: SOURCE_MESSAGES.uploadError,
});

/**
 * The upload is checked by its bytes and moved to its final key; the source turns PROCESSING and
 * the table's stream hands it to the processing job. A refused file leaves a FAILED source that
 * says why, and the error the spec gives.
 */
export async function completeSource(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
  sessionId: string | null,
): Promise<Source> {
  await openProject(caller, projectId);
  const key = { teamId: caller.user.teamId, projectId, projectSourceId };
  const source = await repo.getSource(key);
  if (!source || source.deletedAt) throw new NotFoundError(SOURCE_NOT_FOUND);
  if (source.createdByUserId !== caller.user.userId) throw new ForbiddenError('That upload is not yours');
  if (source.status !== 'UPLOADING' || !source.stagingKey)
    throw new ConflictError('This file has already been handled');
  if (!isStagingKeyOf(source.stagingKey, stagingOwner(caller, projectId)))
    throw new NotFoundError(SOURCE_NOT_FOUND);
  const changedBySession = sessionMark(sessionId);
  const finalPrefix = `${projectPrefix(caller.user.teamId, projectId)}/sources/${projectSourceId}`;
  let reason: string | undefined;
  try {
    const accepted = await acceptUpload(
      source.stagingKey,
      `${finalPrefix}/original.${source.fileFormat}`,
      ruleFor(source.fileFormat),
      (bytes) => {
        reason = explainUnreadable(bytes, source.fileFormat);
      },
    );
    const updated = await repo.updateSource(key, 'UPLOADING', {
      status: 'PROCESSING',
      fileKey: accepted.key,
      sizeBytes: accepted.size,
      macroEnabled: accepted.contentType.toLowerCase() === MACRO_TYPE,
      contentPrefix: `${finalPrefix}/content`,
      stagingKey: null,
      changedBySession,
    });
    return toSource(updated as SourceItem, []);
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 413 || error.statusCode === 422)) {
      await repo.updateSource(key, 'UPLOADING', {
        status: 'FAILED',
        failureReason:
          error.statusCode === 413 ? SOURCE_MESSAGES.tooLarge : (reason ?? SOURCE_MESSAGES.uploadError),
        stagingKey: null,
        changedBySession,
      });
    }
    throw error;
  }
}

/** Rows included (isLinked true) and those explicitly left out, from the stored ranges. */
function rowInclusionOf(sheet: SourceSheetItem) {
  return [
    ...fromRanges(sheet.includedRows).map((rowNumber) => ({ rowNumber, isLinked: true })),
    ...fromRanges(sheet.excludedRows).map((rowNumber) => ({ rowNumber, isLinked: false })),
  ].sort((a, b) => a.rowNumber - b.rowNumber);
}

async function readySource(caller: TeamCaller, projectId: string, projectSourceId: string) {
  const { project, source } = await visibleSource(caller, projectId, projectSourceId);
  if (source.status !== 'READY') throw new ConflictError(NOT_READY);
  return { project, source };
}

export async function getSheet(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
  sheetId: string,
): Promise<SheetDetail> {
  const { source } = await readySource(caller, projectId, projectSourceId);
  const sheet = await repo.getSheet({ teamId: caller.user.teamId, projectId, projectSourceId, sheetId });
  if (!sheet) throw new NotFoundError(SHEET_NOT_FOUND);
  return {
    ...toSheetSummary(sheet),
    rowInclusion: rowInclusionOf(sheet),
    suggestion: sheet.suggestion as SheetLayout,
    contentUrl: await presignDownload(sheetContentKey(source, sheetId), CONTENT_URL_SECONDS),
  };
}

export async function getDocument(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
): Promise<DocumentDetail> {
  const { source } = await readySource(caller, projectId, projectSourceId);
  const document = await repo.getDocument({ teamId: caller.user.teamId, projectId, projectSourceId });
  if (!document) throw new NotFoundError('That file is not a Word document');
  return {
    sourceDocumentId: projectSourceId,
    isLinked: document.isLinked,
    configuration: document.configuration,
    annotations: document.annotations,
    configured: document.configured,
    suggestion: document.suggestion,
    questionCount: document.questionCount,
    complianceWording: source.complianceWording,
    version: document.version,
    contentUrl: await presignDownload(documentContentKey(source), CONTENT_URL_SECONDS),
  };
}

export type { ProjectItem };
