import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

/**
 * An export of Insights as CSV: queued by the request, written by the export job (export-job.ts),
 * read back by the user who asked. Expires after a day, as its file does.
 */
export const InsightsExportEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'insightsExport', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        exportId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        /** The validated filter, as JSON. */
        filter: { type: 'string', required: true },
        status: { type: EXPORT_STATUSES, required: true, default: 'QUEUED' },
        rows: { type: 'number', required: true, default: 0 },
        fileKey: { type: 'string' },
        /** TTL, epoch seconds. */
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#INSIGHTS'),
          sk: key('sk', ['exportId'], 'EXPORT#${exportId}'),
        },
      },
    }),
);
