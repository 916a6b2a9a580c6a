import { Entity } from 'electrodb';
import { LIBRARY_FILE_STATUSES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A file uploaded to the library importer, once `complete` accepted it: PROCESSING until the
 * library-file job has read it (from the table's stream), then READY with its read sheets in
 * storage (`contentKey`), or FAILED with the reason. Only its uploader reads it; it expires (TTL)
 * a day after the upload.
 */
export const LibraryFileEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'libraryFile', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        answerSourceId: { type: 'string', required: true },
        status: { type: LIBRARY_FILE_STATUSES, required: true },
        fileFormat: { type: ['xlsx', 'csv'] as const, required: true },
        /** The accepted original, deleted once read. */
        fileKey: { type: 'string', required: true },
        /** The read sheets (LibraryFile as JSON), once READY. */
        contentKey: { type: 'string' },
        failureReason: { type: 'string' },
        uploadedByUserId: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'answerSourceId'], 'TEAM#${teamId}#LIBRARYFILE#${answerSourceId}'),
          sk: key('sk', [], 'LIBRARYFILE'),
        },
      },
    }),
);
