import { Entity } from 'electrodb';
import { SOURCE_FORMATS, SOURCE_STATUSES, SOURCE_VERSION_STATES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from './keys';
import { lazyEntity } from './lazy';

/**
 * A questionnaire file imported into a project (spec 001 §3 source document), in the project's
 * partition. Its status drives the processing job: the table's stream hands every source that turns
 * PROCESSING to functions/sources/processor.ts (see BACKGROUND_FUNCTIONS.sourceProcessor).
 * The projects group reads it for the file-level compliance wording, so it is a shared entity.
 */
export const SourceEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'source', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        projectSourceId: { type: 'string', required: true },
        fileName: { type: 'string', required: true },
        fileFormat: { type: SOURCE_FORMATS, required: true },
        /** An xlsx whose bytes are a macro-enabled workbook (.xlsm): set when the upload is accepted. */
        macroEnabled: { type: 'boolean' },
        status: { type: SOURCE_STATUSES, required: true },
        failureReason: { type: 'string' },
        sizeBytes: { type: 'number' },
        /** The staging key the browser was given (UPLOADING only). */
        stagingKey: { type: 'string' },
        /** The original file, unchanged (set once accepted). */
        fileKey: { type: 'string' },
        /** Where the processing job wrote the converted content (sheets' JSON or the document's). */
        contentPrefix: { type: 'string' },
        /** File-level compliance wording. */
        complianceWording: { type: 'any' },
        createdByUserId: { type: 'string', required: true },
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        /**
         * A new version of a questionnaire: the source it follows, and where the change stands. The
         * processing job compares (COMPARING → REVIEW) and applies (APPLYING → APPLIED); see
         * functions/sources/versions.ts.
         */
        previousSourceId: { type: 'string' },
        versionState: { type: SOURCE_VERSION_STATES },
        versionError: { type: 'string' },
        /** Where the comparison is stored (VersionDiff JSON, with what applying needs). */
        versionDiffKey: { type: 'string' },
        /** An earlier version whose questions moved to the newer source. */
        replacedBySourceId: { type: 'string' },
        /** A plain upload whose sheets match this other source of the project (offered as its new version). */
        matchesSourceId: { type: 'string' },
        /** Soft removal (the source leaves the list; its questions are unlinked first). */
        deletedAt: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['projectSourceId'], 'SOURCE#${projectSourceId}'),
        },
      },
    }),
);
