/**
 * Live updates of the import: SOURCE_UPDATED on the project's scope when a source changes state
 * (processing, ready, failed) or one of its sheets or its document is configured, so the Question
 * Sources dialog follows without a reload.
 */
import type { QuestionItem, SourceDocumentItem, SourceItem, SourceSheetItem } from '../common/entities';
import { publish } from '../common/events';
import type { Change, Reactions } from '../common/reactions';
import * as repo from './repo';

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

/**
 * An imported question marked Not a Question (answering screen): its row or node leaves the
 * source's configuration, so saving the configuration again does not bring it back; the user can
 * include it again there.
 */
async function onQuestion(change: Change) {
  const now = change.newImage as QuestionItem | undefined;
  const before = change.oldImage as QuestionItem | undefined;
  if (now?.unlinkedAs !== 'NOT_A_QUESTION' || before?.unlinkedAs === 'NOT_A_QUESTION') return;
  if (!now.projectSourceId || !now.sourceKey) return;
  const key = { teamId: now.teamId, projectId: now.projectId, projectSourceId: now.projectSourceId };
  const source = await repo.getSource(key);
  if (!source || source.deletedAt) return;
  if (source.fileFormat === 'docx') return repo.removeDocumentQuestion(key, now.sourceKey);
  const at = now.sourceKey.lastIndexOf(':');
  await repo.excludeSheetRow(
    { ...key, sheetId: now.sourceKey.slice(0, at) },
    Number(now.sourceKey.slice(at + 1)),
  );
}

export const reactions: Reactions = {
  source: onSource,
  sourceSheet: onPart,
  sourceDocument: onPart,
  question: onQuestion,
};
