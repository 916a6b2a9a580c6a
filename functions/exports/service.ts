/**
 * Downloads and exports of a project's sources (spec 001 §7): the original file unchanged, the
 * project's questions as CSV or XLSX (DATA), and the answered questionnaire written back into a
 * copy of the customer's own file (SOURCE). Exports are written under `exports/<teamId>/…`, read
 * through a short-lived presigned GET that saves the file under its name, and expire after a day
 * (bucket lifecycle). PRIVATE projects answer 404 to those not on them.
 */
import { randomUUID } from 'node:crypto';
import {
  DATA_EXPORT_COLUMNS,
  type EXPORT_ENCODINGS,
  EXPORT_NOT_ALLOWED_SHOWN,
  EXPORT_PREVIEW_ROWS,
  type ExportPreview,
  type ExportProblem,
  type ExportRequest,
  type FileLink,
  MACRO_WORKBOOK,
  SheetContent,
  SOURCE_CONTENT_TYPES,
} from '../../shared/schemas/source';
import type { TeamCaller } from '../common/caller';
import type { ProjectItem, QuestionItem, SourceItem } from '../common/entities';
import { ConflictError, NotFoundError, UnprocessableError } from '../common/errors';
import { type CellWrite, SourceFormatError } from '../common/formats/types';
import { visibleProject } from '../common/project-access';
import { sheetContentKey } from '../common/source-content';
import { presignDownload, readObjectBytes, writeObjectBytes } from '../common/storage';
import { usersById } from '../common/team-directory';
import { dataRows } from './data';
import { answeredFileName, dataExportFileName, safeFileName } from './names';
import * as repo from './repo';
import {
  cellAddress,
  documentWriteBack,
  type ExportSheet,
  exportableSheets,
  type NotAllowed,
  type PlacedQuestion,
  placedRow,
  SOURCE_PREVIEW_COLUMNS,
  sheetWriteBack,
} from './write-back';

export const EXPORT_MESSAGES = {
  sourceNotFound: 'That file does not exist',
  notReady: 'This file has not been read yet. Try again once it is ready.',
  sheetsNotConfigured:
    'None of the sheets of this file is configured yet. Configure a sheet before exporting the answered file.',
  documentNotConfigured:
    'This document is not configured yet. Configure its questions before exporting the answered file.',
  originalMissing: 'The original file could not be found. Upload it again to export it answered.',
  unrepresentable:
    'Some answers have characters this file’s encoding cannot hold. Choose “Write as UTF-8 instead” to export it, or change those answers.',
} as const;

/** The encoding a CSV source is written in when its own cannot hold every answer. */
const LEGACY_ENCODING_NAME = 'Windows-1252';
const quoted = (characters: string[]) => characters.map((c) => `“${c}”`).join(', ');
export const PROBLEM_MESSAGES = {
  locked: (cell: string) => `Not written: cell ${cell} is locked (the sheet is protected).`,
  unrepresentable: (characters: string[]) =>
    `${LEGACY_ENCODING_NAME} cannot hold ${quoted(characters)} of this answer.`,
} as const;

export const EXPORTS_PREFIX = 'exports/';

type ExportEncoding = (typeof EXPORT_ENCODINGS)[number];

// ——— Downloads ———

export async function downloadSource(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
): Promise<FileLink> {
  const project = await visibleProject(caller, projectId);
  const source = await repo.sourceOf(project.teamId, projectId, projectSourceId);
  if (!source) throw new NotFoundError(EXPORT_MESSAGES.sourceNotFound);
  if (!source.fileKey) throw new ConflictError(EXPORT_MESSAGES.notReady);
  const fileName = safeFileName(source.fileName, `Questionnaire.${source.fileFormat}`);
  return { url: await presignDownload(source.fileKey, undefined, { fileName }), fileName };
}

// ——— Exports ———

interface Prepared {
  fileName: string;
  columns: string[];
  rows: string[][];
  questionCount: number;
  answeredCount: number;
  /** What the file will not take as the project holds it (reads the original: preview and export only). */
  check?: () => Promise<Pick<ExportPreview, 'problems' | 'unrepresentable'>>;
  notAllowed?: NotAllowed[];
  /** Writes the file (only when exporting, not for the preview). */
  write: () => Promise<{ bytes: Uint8Array; contentType: string }>;
}

const answered = (questions: Array<{ answer: string }>) => questions.filter((q) => q.answer.trim()).length;

async function prepareData(project: ProjectItem, format: 'csv' | 'xlsx'): Promise<Prepared> {
  const { teamId, projectId } = project;
  const [questions, sources] = await Promise.all([
    repo.linkedQuestionsOf(teamId, projectId),
    repo.sourcesOf(teamId, projectId),
  ]);
  const sheetSources = sources.filter((s) =>
    questions.some((q) => q.projectSourceId === s.projectSourceId && q.sourceKey?.includes(':')),
  );
  const [users, sheets] = await Promise.all([
    usersById(questions.map((q) => q.assignedToUserId)),
    Promise.all(sheetSources.map((s) => repo.sheetsOf(teamId, projectId, s.projectSourceId))),
  ]);
  const rows = dataRows(questions, {
    projectWording: project.complianceWording,
    fileNames: new Map(sources.map((s) => [s.projectSourceId, s.fileName])),
    sheetNames: new Map(sheets.flat().map((s) => [s.sheetId, s.sheetName])),
    fullNames: new Map([...users.values()].map((u) => [u.userId, `${u.givenName} ${u.lastName}`.trim()])),
  });
  const { neutralise } = await import('../common/formats/data-export');
  return {
    fileName: dataExportFileName(project.name, format),
    columns: [...DATA_EXPORT_COLUMNS],
    // As written: a CSV cell that would run as a formula carries its apostrophe (XLSX cells are text).
    rows: rows.map((row) => (format === 'csv' ? row.map(neutralise) : [...row])),
    questionCount: questions.length,
    answeredCount: answered(questions),
    write: async () => ({
      bytes: bytesOf(await (await import('../common/formats/data-export')).dataExport(rows, format)),
      contentType: SOURCE_CONTENT_TYPES[format],
    }),
  };
}

async function readySource(project: ProjectItem, projectSourceId: string): Promise<SourceItem> {
  const source = await repo.sourceOf(project.teamId, project.projectId, projectSourceId);
  if (!source) throw new NotFoundError(EXPORT_MESSAGES.sourceNotFound);
  if (source.status !== 'READY' || !source.fileKey) throw new ConflictError(EXPORT_MESSAGES.notReady);
  return source;
}

async function prepareSource(
  project: ProjectItem,
  projectSourceId: string,
  encoding: ExportEncoding,
): Promise<Prepared> {
  const { teamId, projectId } = project;
  const source = await readySource(project, projectSourceId);
  const levels = { file: source.complianceWording, project: project.complianceWording };
  const ofSource = (questions: QuestionItem[]) =>
    questions.filter((q) => q.projectSourceId === projectSourceId && q.creationType === 'IMPORTED');

  let placed: PlacedQuestion[];
  let notAllowed: NotAllowed[] | undefined;
  let write: () => Promise<Uint8Array>;
  let check: Prepared['check'];
  if (source.fileFormat === 'docx') {
    const [document, questions] = await Promise.all([
      repo.documentOf(teamId, projectId, projectSourceId),
      repo.linkedQuestionsOf(teamId, projectId),
    ]);
    if (!document?.configured || !document.isLinked) {
      throw new ConflictError(EXPORT_MESSAGES.documentNotConfigured);
    }
    const result = documentWriteBack(ofSource(questions), document, levels);
    placed = result.placed;
    write = async () => {
      const { writeDocument } = await import('../common/formats/write-document');
      return bytesOf(await writeDocument(await original(source), result.writes));
    };
  } else {
    const format = source.fileFormat;
    const [sheets, questions] = await Promise.all([
      repo.sheetsOf(teamId, projectId, projectSourceId),
      repo.linkedQuestionsOf(teamId, projectId),
    ]);
    const configured = await Promise.all(
      exportableSheets(sheets as ExportSheet[]).map((sheet) => withContent(source, sheet)),
    );
    if (!configured.length) throw new ConflictError(EXPORT_MESSAGES.sheetsNotConfigured);
    const result = sheetWriteBack(ofSource(questions), configured, levels);
    placed = result.placed;
    const references = new Map(questions.map((q) => [q.questionId, q.referenceNumber]));
    const sheetNames = new Map(configured.map((s) => [s.sheetIndex, s.sheetName]));
    const problem = (write: CellWrite, message: string): ExportProblem => {
      const referenceNumber = references.get(write.questionId ?? '');
      return { questionId: write.questionId ?? '', ...(referenceNumber ? { referenceNumber } : {}), message };
    };
    check = async () => {
      const formats = await import('../common/formats/write-spreadsheet');
      const bytes = await original(source);
      const locked = await formats.lockedWrites(bytes, format, result.writes);
      const unrepresentable = formats.unrepresentableWrites(bytes, format, result.writes);
      const problems = [
        ...locked.map((w) =>
          problem(
            w,
            PROBLEM_MESSAGES.locked(
              cellAddress(sheetNames.get(w.sheetIndex) ?? '', w.rowNumber, w.columnNumber),
            ),
          ),
        ),
        ...unrepresentable.map((u) => problem(u.write, PROBLEM_MESSAGES.unrepresentable(u.characters))),
      ];
      const characters = [...new Set(unrepresentable.flatMap((u) => u.characters))];
      return {
        ...(problems.length ? { problems } : {}),
        ...(characters.length ? { unrepresentable: { encoding: LEGACY_ENCODING_NAME, characters } } : {}),
      };
    };
    notAllowed = result.notAllowed;
    write = async () => {
      const formats = await import('../common/formats/write-spreadsheet');
      const bytes = await original(source);
      // Never a silent '?': the original encoding is refused when it cannot hold an answer.
      if (encoding !== 'utf-8' && formats.unrepresentableWrites(bytes, format, result.writes).length)
        throw new ConflictError(EXPORT_MESSAGES.unrepresentable);
      return bytesOf(await formats.writeSpreadsheet(bytes, format, result.writes, { encoding }));
    };
  }
  // A macro-enabled workbook stays one, whatever it was named: Excel opens it only by its own extension.
  const macro = source.fileFormat === 'xlsx' && source.macroEnabled;
  return {
    fileName: answeredFileName(source.fileName, macro ? MACRO_WORKBOOK.extension : source.fileFormat),
    columns: SOURCE_PREVIEW_COLUMNS,
    rows: placed.map(placedRow),
    questionCount: placed.length,
    answeredCount: answered(placed),
    check: check && (() => explained(check)),
    ...(notAllowed?.length ? { notAllowed } : {}),
    write: async () => ({
      bytes: await explained(write),
      contentType: macro ? MACRO_WORKBOOK.contentType : SOURCE_CONTENT_TYPES[source.fileFormat],
    }),
  };
}

/**
 * A sheet with a compliance column, with its cells and drop-down lists (the compliance written must
 * be a value the cell's list allows, and "X"-mark columns are named by their titles).
 */
async function withContent(source: SourceItem, sheet: ExportSheet): Promise<ExportSheet> {
  const needed = sheet.columnClassifications.some(
    (c) => c.columnType === 'COMPLIANCE_STATUS' || c.columnType === 'COMPLIANCE_MARK',
  );
  if (!needed) return sheet;
  const bytes = await readObjectBytes(sheetContentKey(source, sheet.sheetId));
  if (!bytes) return sheet;
  const parsed = SheetContent.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
  return parsed.success ? { ...sheet, content: parsed.data } : sheet;
}

async function original(source: SourceItem): Promise<Uint8Array> {
  const bytes = source.fileKey ? await readObjectBytes(source.fileKey) : null;
  if (!bytes) throw new ConflictError(EXPORT_MESSAGES.originalMissing);
  return bytes;
}

/** A file the writer cannot write into is the user's to know about (422), never a 500. */
async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SourceFormatError) throw new UnprocessableError(error.reason, { cause: error });
    throw error;
  }
}

/** The writers give bytes, or bytes with what they could not place. */
function bytesOf(result: Uint8Array | { bytes: Uint8Array }): Uint8Array {
  return result instanceof Uint8Array ? result : result.bytes;
}

async function prepare(caller: TeamCaller, projectId: string, body: ExportRequest) {
  const project = await visibleProject(caller, projectId);
  return body.kind === 'DATA'
    ? prepareData(project, body.format)
    : prepareSource(project, body.projectSourceId, body.encoding ?? 'original');
}

export async function exportPreview(
  caller: TeamCaller,
  projectId: string,
  body: ExportRequest,
): Promise<ExportPreview> {
  const { fileName, columns, rows, questionCount, answeredCount, check, notAllowed } = await prepare(
    caller,
    projectId,
    body,
  );
  return {
    fileName,
    columns,
    rows: rows.slice(0, EXPORT_PREVIEW_ROWS),
    questionCount,
    answeredCount,
    ...(check ? await check() : {}),
    ...(notAllowed
      ? { notAllowed: notAllowed.slice(0, EXPORT_NOT_ALLOWED_SHOWN), notAllowedCount: notAllowed.length }
      : {}),
  };
}

export async function exportQuestions(
  caller: TeamCaller,
  projectId: string,
  body: ExportRequest,
): Promise<FileLink> {
  const prepared = await prepare(caller, projectId, body);
  const { bytes, contentType } = await prepared.write();
  const key = `${EXPORTS_PREFIX}${caller.user.teamId}/${randomUUID()}/${prepared.fileName}`;
  await writeObjectBytes(key, bytes, contentType);
  const url = await presignDownload(key, undefined, { fileName: prepared.fileName });
  return { url, fileName: prepared.fileName };
}
