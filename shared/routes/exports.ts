import { ExportPreview, ExportRequest, FileLink } from '../schemas/source';
import { route, routeGroup } from './route';

const PROJECT = '/api/projects/{projectId}';
const SOURCE = `${PROJECT}/sources/{projectSourceId}`;

/**
 * Downloads and exports of a project (spec 001 §7): a source's original file, and the project
 * exported as data (CSV, XLSX) or as the answered questionnaire written back into the customer's
 * own file. A group of its own so the write-back's XML and zip code, and its memory, stay out of
 * the sources function. PRIVATE projects answer 404 to members who are not on their list.
 */
export const exportsGroup = routeGroup(
  'exports',
  { table: 'read', uploads: 'readwrite' },
  {
    downloadSource: route({
      method: 'GET',
      path: `${SOURCE}/download`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'A short-lived link to the original file, unchanged',
      response: FileLink,
    }),
    previewExport: route({
      method: 'POST',
      path: `${PROJECT}/questions/export/preview`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'What an export will hold: its columns, first rows and counts',
      body: ExportRequest,
      response: ExportPreview,
    }),
    exportQuestions: route({
      method: 'POST',
      path: `${PROJECT}/questions/export`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'Write the export (project data as CSV or XLSX, or the answered questionnaire) and link to it',
      body: ExportRequest,
      response: FileLink,
    }),
  },
);
