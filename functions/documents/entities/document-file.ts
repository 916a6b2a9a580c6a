import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/** One file a document has had (its history, spec issue: versions); the newest is the current one. */
export const DocumentFileEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'documentFile', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        documentId: { type: 'string', required: true },
        /** Zero-padded in the key so the history sorts. */
        fileVersion: { type: 'number', required: true },
        fileName: { type: 'string', required: true },
        fileKey: { type: 'string', required: true },
        contentType: { type: 'string', required: true },
        size: { type: 'number', required: true },
        uploadedByUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#DOCS'),
          sk: key('sk', ['documentId', 'fileVersion'], 'FILE#${documentId}#${fileVersion}'),
        },
      },
    }),
);
