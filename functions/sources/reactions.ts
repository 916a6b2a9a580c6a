/**
 * Live updates of the import: SOURCE_UPDATED on the project's scope when a source changes state
 * (processing, ready, failed) or one of its sheets or its document is configured, so the Question
 * Sources dialog follows without a reload.
 */
import type { SourceDocumentItem, SourceItem, SourceSheetItem } from '../common/entities';
import { publish } from '../common/events';
import type { Change, Reactions } from '../common/reactions';

async function onSource(change: Change) {
  const now = change.newImage as SourceItem | undefined;
  const before = change.oldImage as SourceItem | undefined;
  // UPLOADING is the browser's business until it completes the upload.
  if (!now || now.status === 'UPLOADING' || now.status === before?.status) return;
  await publish(
    {
      eventName: 'SOURCE_UPDATED',
      data: {
        projectId: now.projectId,
        projectSourceId: now.projectSourceId,
        status: now.status,
        causedByUserId: now.createdByUserId,
      },
      scope: { kind: 'project', id: now.projectId },
    },
    { sessionId: now.changedBySession },
  );
}

/** A sheet or document saved with a new configuration (not the processing job's first write). */
async function onPart(change: Change) {
  const now = change.newImage as (SourceSheetItem | SourceDocumentItem) | undefined;
  if (!now?.configured || change.kind !== 'MODIFY') return;
  await publish(
    {
      eventName: 'SOURCE_UPDATED',
      data: {
        projectId: now.projectId,
        projectSourceId: now.projectSourceId,
        status: 'READY',
        causedByUserId: now.updatedByUserId,
      },
      scope: { kind: 'project', id: now.projectId },
    },
    { sessionId: now.changedBySession },
  );
}

export const reactions: Reactions = { source: onSource, sourceSheet: onPart, sourceDocument: onPart };
