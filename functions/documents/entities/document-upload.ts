import { Entity } from 'electrodb';
import { DOCUMENT_TYPE_IDS } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * An upload started and not yet completed: what the file will become (a new document, or the next
 * file of one). Expires with its staged object (a day), so an abandoned upload leaves nothing.
 */
export const DocumentUploadEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'documentUpload', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        documentId: { type: 'string', required: true },
        stagingKey: { type: 'string', required: true },
        fileName: { type: 'string', required: true },
        /** Set for a new document. */
        documentName: { type: 'string' },
        documentTypeId: { type: DOCUMENT_TYPE_IDS },
        /** YYYY-MM-DD; with `clearExpiry` the new file removes the document's expiry date. */
        expiresOn: { type: 'string' },
        clearExpiry: { type: 'boolean' },
        uploadedByUserId: { type: 'string', required: true },
        /** TTL, epoch seconds. */
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#DOCS'),
          sk: key('sk', ['documentId'], 'UPLOAD#${documentId}'),
        },
      },
    }),
);
