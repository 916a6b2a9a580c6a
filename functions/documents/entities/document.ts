import { Entity } from 'electrodb';
import { DOCUMENT_STATUSES, DOCUMENT_TYPE_IDS } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

export const EXPIRY_NOTICES = ['NONE', 'SOON', 'EXPIRED'] as const;
export type ExpiryNotice = (typeof EXPIRY_NOTICES)[number];
/** The check day of a document with nothing left to announce: never reached. */
export const NEVER = '9999-12-31';

/**
 * A document of the team's library (spec 002 §3 Document): its current file, status and expiry.
 * Earlier files are DocumentFile items; attachments point at the document, so they always open
 * the current file.
 *
 * `byExpiry` orders every document by the next day the expiry job must look at it (NEVER when no
 * notice is due), so the job reads only what is due with one Query across teams. Documents are
 * written rarely, so one partition holds them all without becoming hot.
 */
export const DocumentEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'document', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        documentId: { type: 'string', required: true },
        documentName: { type: 'string', required: true },
        documentTypeId: { type: DOCUMENT_TYPE_IDS, required: true },
        documentStatus: { type: DOCUMENT_STATUSES, required: true, default: 'UPLOADED' },
        fileName: { type: 'string', required: true },
        fileKey: { type: 'string', required: true },
        contentType: { type: 'string', required: true },
        size: { type: 'number', required: true },
        fileVersion: { type: 'number', required: true, default: 1 },
        /** YYYY-MM-DD. */
        expiresOn: { type: 'string' },
        /** What has been announced for the current expiry date. */
        expiryNotice: { type: EXPIRY_NOTICES, required: true, default: 'NONE' },
        nextCheckOn: { type: 'string', required: true, default: NEVER },
        /**
         * The project the document was uploaded into (its upload completed with a projectId, from a
         * question's or the project's upload dialog); absent for a document uploaded to the library
         * itself, which the whole team sees. One uploaded into a project is seen only by those who may
         * see that project or another place it is attached (service.ts, visibleDocuments).
         */
        uploadedInProjectId: { type: 'string' },
        createdByUserId: { type: 'string', required: true },
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#DOCS'),
          sk: key('sk', ['documentId'], 'DOC#${documentId}'),
        },
        byExpiry: {
          index: 'byDocument',
          pk: key('byDocumentPk', [], 'DOCUMENT_EXPIRY'),
          sk: key(
            'byDocumentSk',
            ['nextCheckOn', 'teamId', 'documentId'],
            '${nextCheckOn}#${teamId}#${documentId}',
          ),
        },
      },
    }),
);
