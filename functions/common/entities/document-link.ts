import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/** The scope of a document attached to the project itself rather than to one of its questions. */
export const PROJECT_SCOPE = 'PROJECT';

/**
 * A library document attached to a project or to one of its questions (spec 001 §3 attached
 * document link). It lives in the project's partition beside the questions, so a project's or a
 * question's attachments are one Query; `byDocument` finds every place one document is attached
 * (what its expiry affects). The documents group writes links; the library reads which documents a
 * question cites when its answer enters the library.
 */
export const DocumentLinkEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'documentLink', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        /** A questionId, or PROJECT_SCOPE. */
        scope: { type: 'string', required: true },
        documentId: { type: 'string', required: true },
        createdByUserId: { type: 'string', required: true },
        changedBySession: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['scope', 'documentId'], 'DOCLINK#${scope}#${documentId}'),
        },
        byDocument: {
          index: 'byDocument',
          pk: key('byDocumentPk', ['teamId', 'documentId'], 'TEAM#${teamId}#DOC#${documentId}'),
          sk: key('byDocumentSk', ['projectId', 'scope'], 'LINK#${projectId}#${scope}'),
        },
      },
    }),
);

/** The id the spec calls questionDocumentId: the link's scope and document, within its project. */
export const linkIdOf = (link: { scope: string; documentId: string }) => `${link.scope}.${link.documentId}`;
