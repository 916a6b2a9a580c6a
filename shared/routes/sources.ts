import {
  CompareVersionRequest,
  CompleteSourceRequest,
  ConfigureDocumentRequest,
  ConfigureResult,
  ConfigureSheetRequest,
  CreatedSource,
  CreateSourceRequest,
  DocumentDetail,
  SheetDetail,
  Source,
  SourceVersionDiff,
} from '../schemas/source';
import { route, routeGroup } from './route';

const PROJECT = '/api/projects/{projectId}';
const SOURCE = `${PROJECT}/sources/{projectSourceId}`;

/**
 * Question sources (spec 001 §7): upload a questionnaire (start → POST the file → complete), the
 * processing job reads it, each sheet or document is configured into questions, and a new version
 * of it is compared and applied. Downloads and exports are their own group (exports.ts).
 * Sheets and the document sit under their source (spec: `sources/{sheetId}/spreadsheet/configure`,
 * `sources/{sourceDocumentId}/document/configure`; API Gateway needs one name per path level).
 * PRIVATE projects answer 404 to members who are not on their list.
 */
export const sources = routeGroup(
  'sources',
  { table: 'readwrite', uploads: 'readwrite' },
  {
    listSources: route({
      method: 'GET',
      path: `${PROJECT}/sources`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The project's source files, newest first, with their sheets or document and their state",
      response: Source.array(),
    }),
    createSource: route({
      method: 'POST',
      path: `${PROJECT}/source/create`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Start uploading a questionnaire (.xlsx, .csv or .docx, at most 25 MB): a presigned POST',
      body: CreateSourceRequest,
      response: CreatedSource,
    }),
    completeSource: route({
      method: 'POST',
      path: `${PROJECT}/source/complete`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary:
        'Check the uploaded bytes and hand the file to the processing job (the source turns PROCESSING)',
      body: CompleteSourceRequest,
      response: Source,
    }),
    getSource: route({
      method: 'GET',
      path: SOURCE,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'One source file with its sheets or document and its state',
      response: Source,
    }),
    getSheet: route({
      method: 'GET',
      path: `${SOURCE}/sheets/{sheetId}`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "A sheet's configuration, the detected layout and a link to its cells",
      response: SheetDetail,
    }),
    configureSheet: route({
      method: 'POST',
      path: `${SOURCE}/sheets/{sheetId}/spreadsheet/configure`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary:
        "Save a sheet's columns and rows; creates, updates and unlinks its questions (never duplicates one)",
      body: ConfigureSheetRequest,
      response: ConfigureResult,
    }),
    getDocument: route({
      method: 'GET',
      path: `${SOURCE}/document`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "A Word document's annotations, the detected questions and a link to its converted content",
      response: DocumentDetail,
    }),
    configureDocument: route({
      method: 'POST',
      path: `${SOURCE}/document/configure`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary:
        "Save a document's annotations; creates, updates and unlinks its questions (never duplicates one)",
      body: ConfigureDocumentRequest,
      response: ConfigureResult,
    }),
    getSourceVersion: route({
      method: 'GET',
      path: `${SOURCE}/version`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary:
        'A new version compared with the previous file: unchanged, reworded, new and removed questions',
      response: SourceVersionDiff,
    }),
    compareSourceVersion: route({
      method: 'POST',
      path: `${SOURCE}/version/compare`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Treat an uploaded file as the new version of another source of the project, and compare them',
      body: CompareVersionRequest,
      response: Source,
    }),
    applySourceVersion: route({
      method: 'POST',
      path: `${SOURCE}/version/apply`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary:
        'Apply a reviewed new version: answers carried over, new questions created, removed ones retired (never a duplicate)',
      response: Source,
    }),
    discardSourceVersion: route({
      method: 'POST',
      path: `${SOURCE}/version/discard`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Discard a new version under review: the file leaves the project, nothing else changes',
      response: Source,
    }),
  },
);
