/** The sources group's access patterns, named. Sources, sheets and documents live in the project's partition. */

import { writeAll } from '../common/batch';
import {
  db,
  type QuestionItem,
  type SourceDocumentItem,
  type SourceItem,
  type SourceSheetItem,
} from '../common/entities';
import { ConflictError, isConditionFailure } from '../common/errors';
import { fromRanges, toRanges } from '../common/sheet-rows';

type ProjectKey = { teamId: string; projectId: string };
type SourceKey = ProjectKey & { projectSourceId: string };

export const STALE_CONFIGURATION =
  'Someone else saved this configuration meanwhile. Reload it and try again.';

/** Every source of a project with its sheets and document: one Query of the `SOURCE#` items. */
export async function sourcesOf(key: ProjectKey) {
  const [sources, sheets, documents] = await Promise.all([
    db().entities.source.query.primary(key).go({ pages: 'all' }),
    db().entities.sourceSheet.query.primary(key).go({ pages: 'all' }),
    db().entities.sourceDocument.query.primary(key).go({ pages: 'all' }),
  ]);
  return { sources: sources.data, sheets: sheets.data, documents: documents.data };
}

export const getSource = async (key: SourceKey) => (await db().entities.source.get(key).go()).data;

export const sheetsOf = async (key: SourceKey) =>
  (await db().entities.sourceSheet.query.primary(key).go({ pages: 'all' })).data;

export const getSheet = async (key: SourceKey & { sheetId: string }) =>
  (await db().entities.sourceSheet.get(key).go()).data;

export const getDocument = async (key: SourceKey) => (await db().entities.sourceDocument.get(key).go()).data;

export async function createSource(item: Omit<SourceItem, 'createdAt' | 'updatedAt' | 'version'>) {
  return (await db().entities.source.create(item).go()).data;
}

/** Moves a source on from the state it was read in (a concurrent move answers 409). */
export async function updateSource(
  key: SourceKey,
  from: SourceItem['status'],
  changes: Partial<
    Pick<
      SourceItem,
      | 'status'
      | 'failureReason'
      | 'fileKey'
      | 'sizeBytes'
      | 'contentPrefix'
      | 'matchesSourceId'
      | 'macroEnabled'
    >
  > & {
    stagingKey?: null;
    changedBySession?: string;
  },
) {
  const { stagingKey, ...set } = changes;
  let update = db().entities.source.patch(key).set(set).add({ version: 1 });
  if (stagingKey === null) update = update.remove(['stagingKey']);
  try {
    return (await update.where((attr, op) => op.eq(attr.status, from)).go({ response: 'all_new' })).data;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('This file has already been handled');
    throw error;
  }
}

/**
 * Moves a new version on from the state it was read in (undefined: it had none), as one conditional
 * write; a concurrent move answers 409. A new state clears the last error and the offer of a match.
 */
export async function setVersionState(
  key: SourceKey,
  from: SourceItem['versionState'],
  changes: Partial<
    Pick<
      SourceItem,
      | 'versionState'
      | 'previousSourceId'
      | 'versionError'
      | 'versionDiffKey'
      | 'deletedAt'
      | 'updatedByUserId'
      | 'changedBySession'
    >
  >,
) {
  let update = db().entities.source.patch(key).set(changes).add({ version: 1 });
  const clear = [
    ...(changes.versionState && !changes.versionError ? (['versionError'] as const) : []),
    ...(changes.previousSourceId ? (['matchesSourceId'] as const) : []),
  ];
  if (clear.length) update = update.remove(clear);
  try {
    const { data } = await update
      .where((attr, op) =>
        from === undefined ? op.notExists(attr.versionState) : op.eq(attr.versionState, from),
      )
      .go({ response: 'all_new' });
    return data as SourceItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('This file has already been handled');
    throw error;
  }
}

/** A previous version, once its questions moved on: it names its successor. */
export async function markReplaced(key: SourceKey, replacedBySourceId: string, changedBySession: string) {
  await db()
    .entities.source.patch(key)
    .set({ replacedBySourceId, changedBySession })
    .add({ version: 1 })
    .go();
}

/** The sheets or document of a replaced version give no questions any more. */
export async function retireParts(
  parts: { sheets: SourceSheetItem[]; document: SourceDocumentItem | null },
  changedBySession: string,
) {
  const retired = { isLinked: false, questionCount: 0, changedBySession };
  for (const { teamId, projectId, projectSourceId, sheetId } of parts.sheets) {
    await db()
      .entities.sourceSheet.patch({ teamId, projectId, projectSourceId, sheetId })
      .set(retired)
      .add({ version: 1 })
      .go();
  }
  if (parts.document) {
    const { teamId, projectId, projectSourceId } = parts.document;
    await db()
      .entities.sourceDocument.patch({ teamId, projectId, projectSourceId })
      .set(retired)
      .add({ version: 1 })
      .go();
  }
}

/** A new version's sheet, configured from its previous sheet (whatever version it is at). */
export async function saveCarriedSheet(
  sheet: SourceSheetItem,
  changes: Pick<
    SourceSheetItem,
    | 'isLinked'
    | 'columnClassifications'
    | 'includedRows'
    | 'excludedRows'
    | 'questionCount'
    | 'updatedByUserId'
    | 'changedBySession'
  >,
) {
  const { teamId, projectId, projectSourceId, sheetId } = sheet;
  await db()
    .entities.sourceSheet.patch({ teamId, projectId, projectSourceId, sheetId })
    .set({ ...changes, configured: true })
    .add({ version: 1 })
    .go();
}

/** A new version's document, configured from its detected questions (whatever version it is at). */
export async function saveCarriedDocument(
  document: SourceDocumentItem,
  changes: Pick<
    SourceDocumentItem,
    'isLinked' | 'annotations' | 'configuration' | 'questionCount' | 'updatedByUserId' | 'changedBySession'
  >,
) {
  const { teamId, projectId, projectSourceId } = document;
  await db()
    .entities.sourceDocument.patch({ teamId, projectId, projectSourceId })
    .set({ ...changes, configured: true })
    .add({ version: 1 })
    .go();
}

/** The processing job's results: the sheets or the document (rewritten as a whole on a redelivery). */
export async function putSheets(items: Array<Omit<SourceSheetItem, 'createdAt'>>) {
  await writeAll(items, (batch, options) => db().entities.sourceSheet.put(batch).go(options), [
    'projectSourceId',
    'sheetId',
  ]);
}

export async function putDocument(item: Omit<SourceDocumentItem, 'createdAt'>) {
  await db().entities.sourceDocument.put(item).go();
}

/** Saves a sheet's configuration if nobody saved another meanwhile. */
export async function saveSheet(
  current: SourceSheetItem,
  changes: Pick<
    SourceSheetItem,
    | 'isLinked'
    | 'columnClassifications'
    | 'includedRows'
    | 'excludedRows'
    | 'questionCount'
    | 'updatedByUserId'
    | 'changedBySession'
    | 'applyState'
  >,
) {
  const { teamId, projectId, projectSourceId, sheetId } = current;
  try {
    return (
      await db()
        .entities.sourceSheet.patch({ teamId, projectId, projectSourceId, sheetId })
        .set({ ...changes, configured: true })
        .remove(['applyError'])
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, current.version))
        .go({ response: 'all_new' })
    ).data;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(STALE_CONFIGURATION);
    throw error;
  }
}

/**
 * Releases a sheet the processing job applied: its question count, or why it stopped. Only while
 * the sheet is APPLYING, so a redelivery after the release changes nothing.
 */
export async function finishApply(
  sheet: SourceSheetItem,
  result: { session: string; questionCount?: number; applyError?: string },
) {
  const { teamId, projectId, projectSourceId, sheetId } = sheet;
  // The configuration is unchanged, and so is its version: the user's next save is not stale.
  await db()
    .entities.sourceSheet.patch({ teamId, projectId, projectSourceId, sheetId })
    .set({
      changedBySession: result.session,
      ...(result.questionCount === undefined ? {} : { questionCount: result.questionCount }),
      ...(result.applyError ? { applyError: result.applyError } : {}),
    })
    .remove(['applyState'])
    // Saves are refused while APPLYING; a row marked Not a Question meanwhile may have moved the version.
    .where((attr, op) => op.eq(attr.applyState, 'APPLYING'))
    .go()
    .catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Changes a sheet's or document's stored configuration as `change` says (null: nothing to change),
 * conditional on the version read, so a concurrent save is never overwritten: re-read and retried.
 */
async function reconfigure<T extends SourceSheetItem | SourceDocumentItem>(
  read: () => Promise<T | null>,
  change: (item: T) => Partial<T> | null,
  write: (item: T, set: Partial<T>) => Promise<unknown>,
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const item = await read();
    const set = item && change(item);
    if (!item || !set) return;
    try {
      await write(item, set);
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new ConflictError(STALE_CONFIGURATION);
}

/** Leaves one row of a sheet out of its configuration (it was marked Not a Question). */
export function excludeSheetRow(key: SourceKey & { sheetId: string }, rowNumber: number) {
  return reconfigure(
    () => getSheet(key),
    (sheet) => {
      const included = fromRanges(sheet.includedRows);
      if (!included.includes(rowNumber)) return null;
      return {
        includedRows: toRanges(included.filter((row) => row !== rowNumber)),
        excludedRows: toRanges([...fromRanges(sheet.excludedRows), rowNumber]),
        questionCount: Math.max(0, sheet.questionCount - 1),
      };
    },
    (sheet, set) =>
      db()
        .entities.sourceSheet.patch(key)
        .set(set)
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, sheet.version))
        .go(),
  );
}

/** Takes a question (and the parts linked to it) out of a document's annotations. */
export function removeDocumentQuestion(key: SourceKey, nodeId: string) {
  return reconfigure(
    () => getDocument(key),
    (document) => {
      const annotations = document.annotations as Array<{ nodeId: string; parentNodeId?: string }>;
      const kept = annotations.filter((a) => a.nodeId !== nodeId && a.parentNodeId !== nodeId);
      if (kept.length === annotations.length) return null;
      return { annotations: kept, questionCount: Math.max(0, document.questionCount - 1) };
    },
    (document, set) =>
      db()
        .entities.sourceDocument.patch(key)
        .set(set)
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, document.version))
        .go(),
  );
}

export const getProject = async (key: ProjectKey) =>
  (await db().entities.project.get({ teamId: key.teamId, projectId: key.projectId }).go()).data;

export async function saveDocument(
  current: SourceDocumentItem,
  changes: Pick<
    SourceDocumentItem,
    'isLinked' | 'annotations' | 'configuration' | 'questionCount' | 'updatedByUserId' | 'changedBySession'
  >,
) {
  const { teamId, projectId, projectSourceId } = current;
  try {
    return (
      await db()
        .entities.sourceDocument.patch({ teamId, projectId, projectSourceId })
        .set({ ...changes, configured: true })
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, current.version))
        .go({ response: 'all_new' })
    ).data;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(STALE_CONFIGURATION);
    throw error;
  }
}

/** The questions a source gave the project (linked or not), by their place in it. */
export async function questionsOfSource(key: SourceKey): Promise<Map<string, QuestionItem>> {
  const { data } = await db()
    .entities.question.query.primary({ teamId: key.teamId, projectId: key.projectId })
    .where((attr, op) => op.eq(attr.projectSourceId, key.projectSourceId))
    .go({ pages: 'all' });
  return new Map(data.filter((q) => q.sourceKey && !q.deletedAt).map((q) => [q.sourceKey as string, q]));
}

/** New questions, in batches (BatchWriteItem, a few in flight). */
export async function putQuestions(items: Array<Omit<QuestionItem, 'createdAt' | 'updatedAt'>>) {
  await writeAll(items, (batch, options) => db().entities.question.put(batch).go(options), [
    'projectId',
    'questionId',
  ]);
}

export interface QuestionPatch {
  key: { teamId: string; projectId: string; questionId: string };
  set: Partial<QuestionItem>;
  /** Text fields the source no longer gives. */
  remove?: string[];
}

/** Changes to existing questions (text fields or the link), a few at a time. */
export async function patchQuestions(changes: QuestionPatch[]) {
  const CONCURRENCY = 16;
  for (let i = 0; i < changes.length; i += CONCURRENCY) {
    await Promise.all(
      changes.slice(i, i + CONCURRENCY).map(({ key, set, remove }) => {
        let update = db().entities.question.patch(key).set(set).add({ version: 1 });
        if (remove?.length) update = update.remove(remove as never);
        return update.go().catch((error) => {
          // Deleted meanwhile: nothing to update.
          if (!isConditionFailure(error)) throw error;
        });
      }),
    );
  }
}
