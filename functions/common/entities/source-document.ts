import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/**
 * The Word document of a docx source (spec 001 §3 document) and its annotations. The converted
 * HTML and its nodes are in storage (`<contentPrefix>/document.json`, DocumentContent).
 */
export const SourceDocumentEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'sourceDocument', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        projectSourceId: { type: 'string', required: true },
        isLinked: { type: 'boolean', required: true, default: false },
        /** DocumentConfiguration */
        configuration: {
          type: 'any',
          required: true,
          default: () => ({ documentTableFillEnabled: true, tableFillEnabled: false }),
        },
        /** Annotation[] */
        annotations: { type: 'any', required: true, default: () => [] },
        /** Annotation[] proposed by detection. */
        suggestion: { type: 'any', required: true, default: () => [] },
        configured: { type: 'boolean', required: true, default: false },
        questionCount: { type: 'number', required: true, default: 0 },
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['projectSourceId'], 'SOURCE#${projectSourceId}#DOCUMENT'),
        },
      },
    }),
);
