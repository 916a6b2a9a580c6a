/**
 * The documents group's access patterns, named. Documents, their files and pending uploads live in
 * the team's documents partition (TEAM#<teamId>#DOCS); attachments in each project's partition.
 */
import type { EntityItem } from 'electrodb';
import { readAll, writeAll } from '../common/batch';
import { bindService } from '../common/db';
import { type DocumentLinkItem, PROJECT_SCOPE, type QuestionItem, sharedEntities } from '../common/entities';
import { ConflictError, isConditionFailure } from '../common/errors';
import { sessionMark } from '../common/session-mark';
import { DocumentEntity, type ExpiryNotice } from './entities/document';
import { DocumentFileEntity } from './entities/document-file';
import { DocumentUploadEntity } from './entities/document-upload';

const db = bindService({
  document: DocumentEntity,
  documentFile: DocumentFileEntity,
  documentUpload: DocumentUploadEntity,
  documentLink: sharedEntities.documentLink,
  project: sharedEntities.project,
  question: sharedEntities.question,
});

export type DocumentItem = EntityItem<typeof DocumentEntity>;
export type DocumentFileItem = EntityItem<typeof DocumentFileEntity>;
export type DocumentUploadItem = EntityItem<typeof DocumentUploadEntity>;

// ——— Documents ———

/** Every document of the team: one Query. */
export async function documentsOf(teamId: string) {
  return (await db().entities.document.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export const getDocument = async (teamId: string, documentId: string) =>
  (await db().entities.document.get({ teamId, documentId }).go()).data;

/** Documents by id (BatchGetItem); missing ones are left out. */
export async function getDocuments(teamId: string, documentIds: string[]) {
  if (!documentIds.length) return [];
  const data = await readAll(
    [...new Set(documentIds)].map((documentId) => ({ teamId, documentId })),
    (keys, options) => db().entities.document.get(keys).go(options),
  );
  return data;
}

type DocumentChanges = Partial<
  Pick<
    DocumentItem,
    | 'documentName'
    | 'documentTypeId'
    | 'documentStatus'
    | 'expiresOn'
    | 'expiryNotice'
    | 'nextCheckOn'
    | 'updatedByUserId'
    | 'changedBySession'
  >
>;

/**
 * Sets fields of a document and bumps its version, on condition that it is still the version
 * read (409 otherwise). The expiry index key is rebuilt from `nextCheckOn`.
 */
export async function updateDocument(
  current: DocumentItem,
  set: DocumentChanges,
  remove: Array<'expiresOn'> = [],
): Promise<DocumentItem> {
  const { teamId, documentId } = current;
  try {
    let update = db()
      .entities.document.patch({ teamId, documentId })
      .set({ ...set, nextCheckOn: set.nextCheckOn ?? current.nextCheckOn })
      .add({ version: 1 });
    if (remove.length) update = update.remove(remove);
    const { data } = await update
      .where(({ version }, { eq }) => eq(version, current.version))
      .go({ response: 'all_new' });
    return data as DocumentItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

// ——— Uploads and files ———

export async function putUpload(item: Omit<DocumentUploadItem, 'createdAt'>) {
  await db().entities.documentUpload.put(item).go();
}

export const getUpload = async (teamId: string, documentId: string) =>
  (await db().entities.documentUpload.get({ teamId, documentId }).go()).data;

type StoredFile = Omit<DocumentFileItem, 'createdAt' | 'fileVersion'>;

/**
 * A new document and its first file, and the upload marked done, in one transaction; false when the
 * upload was completed already (a second `complete`).
 */
export async function createDocument(
  document: Omit<DocumentItem, 'createdAt' | 'updatedAt' | 'version' | 'fileVersion' | 'documentStatus'>,
  file: StoredFile,
) {
  const { teamId, documentId } = document;
  const result = await db()
    .transaction.write(({ document: doc, documentFile, documentUpload }) => [
      doc.create({ ...document, fileVersion: 1 }).commit(),
      documentFile.create({ ...file, fileVersion: 1 }).commit(),
      documentUpload
        .delete({ teamId, documentId })
        .where((attr, op) => op.exists(attr.stagingKey))
        .commit(),
    ])
    .go();
  return !result.canceled;
}

/**
 * The document's next file becomes its current one (the earlier files stay), its expiry date as the
 * upload said, and the upload done, in one transaction; 409 when the document changed meanwhile.
 */
export async function addFile(
  current: DocumentItem,
  file: StoredFile,
  set: DocumentChanges & Pick<DocumentItem, 'fileName' | 'fileKey' | 'contentType' | 'size'>,
  remove: Array<'expiresOn'>,
) {
  const { teamId, documentId } = current;
  const fileVersion = current.fileVersion + 1;
  const result = await db()
    .transaction.write(({ document, documentFile, documentUpload }) => [
      document
        .patch({ teamId, documentId })
        .set({ ...set, fileVersion, nextCheckOn: set.nextCheckOn ?? current.nextCheckOn })
        .remove(remove)
        .add({ version: 1 })
        .where(({ version }, { eq }) => eq(version, current.version))
        .commit(),
      documentFile.create({ ...file, fileVersion }).commit(),
      documentUpload
        .delete({ teamId, documentId })
        .where((attr, op) => op.exists(attr.stagingKey))
        .commit(),
    ])
    .go();
  if (result.canceled) throw new ConflictError();
}

/** A document's files, newest first: one Query. */
export async function filesOf(teamId: string, documentId: string) {
  const { data } = await db()
    .entities.documentFile.query.primary({ teamId, documentId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

// ——— Attachments ———

/** A project's attachments (the project's own and its questions'), or one scope's: one Query. */
export async function linksOf(teamId: string, projectId: string, scope?: string) {
  const query = db().entities.documentLink.query.primary({ teamId, projectId, ...(scope ? { scope } : {}) });
  const { data } = await query.go({ pages: 'all' });
  // begins_with on `DOCLINK#<scope>#` cannot match another scope: ids have no '#'.
  return data;
}

/** Every place a document is attached, across the team's projects: one Query of byDocument. */
export async function linksOfDocument(teamId: string, documentId: string) {
  const { data } = await db()
    .entities.documentLink.query.byDocument({ teamId, documentId })
    .go({ pages: 'all' });
  return data;
}

/** Attaches, once: attaching what is attached already changes nothing. */
export async function putLink(link: Omit<DocumentLinkItem, 'createdAt'>) {
  try {
    await db().entities.documentLink.create(link).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function deleteLinks(
  links: Array<Pick<DocumentLinkItem, 'teamId' | 'projectId' | 'scope' | 'documentId'>>,
) {
  if (!links.length) return;
  await writeAll(
    links.map(({ teamId, projectId, scope, documentId }) => ({ teamId, projectId, scope, documentId })),
    (keys, options) => db().entities.documentLink.delete(keys).go(options),
    ['projectId', 'scope', 'documentId'],
  );
}

export const isProjectScope = (scope: string) => scope === PROJECT_SCOPE;

// ——— Projects and questions the attachments belong to ———

export async function getQuestion(teamId: string, projectId: string, questionId: string) {
  return (await db().entities.question.get({ teamId, projectId, questionId }).go()).data;
}

export async function getQuestions(teamId: string, projectId: string, questionIds: string[]) {
  if (!questionIds.length) return [];
  const data = await readAll(
    [...new Set(questionIds)].map((questionId) => ({ teamId, projectId, questionId })),
    (keys, options) => db().entities.question.get(keys).go(options),
  );
  return data;
}

export async function getProjects(teamId: string, projectIds: string[]) {
  if (!projectIds.length) return [];
  const data = await readAll(
    [...new Set(projectIds)].map((projectId) => ({ teamId, projectId })),
    (keys, options) => db().entities.project.get(keys).go(options),
  );
  return data;
}

/**
 * Replaces a question's expired evidence, on condition that the question is unchanged since it was
 * read (`updatedAt` moves on every write); false otherwise, and the caller reads it again. The
 * question's version is left alone: this is not an edit of its answer, so nobody's save is refused
 * because of it.
 */
export async function setExpiredEvidence(
  question: Pick<QuestionItem, 'teamId' | 'projectId' | 'questionId' | 'updatedAt'>,
  next: NonNullable<QuestionItem['evidenceExpired']>,
) {
  const { teamId, projectId, questionId } = question;
  const patch = db().entities.question.patch({ teamId, projectId, questionId });
  const update = next.length ? patch.set({ evidenceExpired: next }) : patch.remove(['evidenceExpired']);
  try {
    await update.where(({ updatedAt }, { eq }) => eq(updatedAt, question.updatedAt)).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ——— Expiry ———

/** Documents whose next expiry check is on or before `day` (YYYY-MM-DD), across teams: one Query. */
export async function dueForExpiryCheck(day: string) {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const { data } = await db()
    .entities.document.query.byExpiry({})
    .lt({ nextCheckOn: next })
    .go({ pages: 'all' });
  return data.filter((d) => d.nextCheckOn <= day);
}

/**
 * Records the notice that went out for the document's expiry date, and when to look next, on
 * condition that nothing changed the document since it was read (false then: the next run sees it).
 */
export async function recordExpiryNotice(current: DocumentItem, notice: ExpiryNotice, nextCheckOn: string) {
  const { teamId, documentId } = current;
  try {
    await db()
      .entities.document.patch({ teamId, documentId })
      .set({ expiryNotice: notice, nextCheckOn, changedBySession: sessionMark(null) })
      .where(({ version }, { eq }) => eq(version, current.version))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A document and its first file written as they are (the demo data), unless it exists already. */
export async function seedDocument(
  document: Omit<DocumentItem, 'createdAt' | 'updatedAt' | 'version' | 'fileVersion' | 'documentStatus'>,
  file: Omit<DocumentFileItem, 'createdAt' | 'fileVersion'>,
) {
  const result = await db()
    .transaction.write(({ document: doc, documentFile }) => [
      doc.create({ ...document, fileVersion: 1 }).commit(),
      documentFile.create({ ...file, fileVersion: 1 }).commit(),
    ])
    .go();
  return !result.canceled;
}
