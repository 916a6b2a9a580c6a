import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/**
 * One sheet of a spreadsheet source (spec 001 §3 sheet) and its configuration. Its cells are in
 * storage (`<contentPrefix>/<sheetId>.json`, SheetContent), being megabytes for large sheets; the
 * rows included are kept as compact ranges ('3-120,122'), since a sheet can have 100,000 rows.
 */
export const SourceSheetEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'sourceSheet', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        projectSourceId: { type: 'string', required: true },
        sheetId: { type: 'string', required: true },
        sheetName: { type: 'string', required: true },
        sheetIndex: { type: 'number', required: true },
        hidden: { type: 'boolean', required: true, default: false },
        columnCount: { type: 'number', required: true },
        rowCount: { type: 'number', required: true },
        isLinked: { type: 'boolean', required: true, default: false },
        /** ColumnClassification[] */
        columnClassifications: { type: 'any', required: true, default: () => [] },
        /** Row ranges included as questions, and those explicitly left out. */
        includedRows: { type: 'string', required: true, default: '' },
        excludedRows: { type: 'string', required: true, default: '' },
        /** SheetLayout proposed by detection. */
        suggestion: { type: 'any', required: true },
        configured: { type: 'boolean', required: true, default: false },
        questionCount: { type: 'number', required: true, default: 0 },
        /**
         * APPLYING while the processing job creates the questions of a save too large for one request;
         * `applyError` says why the last such run stopped.
         */
        applyState: { type: ['APPLYING'] as const },
        applyError: { type: 'string' },
        complianceWording: { type: 'any' },
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['projectSourceId', 'sheetId'], 'SOURCE#${projectSourceId}#SHEET#${sheetId}'),
        },
      },
    }),
);
