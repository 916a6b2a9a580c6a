/**
 * The document library (spec 002 §2.3, §7.3) and attachments (spec 001 §3, §4, §7): uploads through
 * the one upload mechanism (functions/common/uploads.ts), versions, archive and reinstate, expiry
 * dates, and documents attached to projects and questions. What follows a change (live events,
 * expiry notices, review flags) runs from the stream (reactions.ts, expiry.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  type AttachedDocument,
  type CreateDocumentRequest,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  type DocumentVersion,
  EXPIRY_NOTICE_DAYS,
  type LibraryDocument,
  type ProjectFile,
} from '../../shared/schemas/document';
import type { TeamCaller } from '../common/caller';
import {
  canSeeProject,
  type DocumentLinkItem,
  linkIdOf,
  PROJECT_SCOPE,
  type ProjectItem,
} from '../common/entities';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { presignDownload } from '../common/storage';
import { acceptUpload, startUpload, type UploadRule } from '../common/uploads';
import { type ExpiryNotice, NEVER } from './entities/document';
import * as repo from './repo';

/**
 * PDF, Office (current and legacy) and raster images, proved by their magic numbers; text only for
 * a text file's name (text has no magic number, so HTML named report.pdf is refused). Text is
 * stored and served as text/csv, which no browser renders as a page.
 */
const BINARY_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];
const TEXT_FILE = /\.(txt|csv|md)$/i;
const ruleFor = (fileName: string): UploadRule => ({
  maxBytes: DOCUMENT_MAX_BYTES,
  types: TEXT_FILE.test(fileName) ? ['text/csv'] : BINARY_TYPES,
  tooLarge: DOCUMENT_MESSAGES.tooLarge,
  wrongType: DOCUMENT_MESSAGES.wrongType,
});
/** An upload not completed within a day is forgotten (its staged object expires then too). */
const UPLOAD_TTL_SECONDS = 24 * 60 * 60;
/** Access URLs are short-lived: long enough to open the file, not to share it. */
const ACCESS_URL_SECONDS = 15 * 60;
const DAY_MS = 86_400_000;

const uploadOwner = (teamId: string) => `teams/${teamId}/documents`;
const today = (now = new Date()) => now.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// ——— Expiry ———

export type ExpiryState = 'VALID' | 'EXPIRING' | 'EXPIRED';

/**
 * Where a document stands on `day`: expired from its expiry date on, expiring within the notice
 * period before it.
 */
export function expiryStateOf(expiresOn: string | undefined, day = today()): ExpiryState | undefined {
  if (!expiresOn) return undefined;
  if (expiresOn <= day) return 'EXPIRED';
  return addDays(day, EXPIRY_NOTICE_DAYS) >= expiresOn ? 'EXPIRING' : 'VALID';
}

/**
 * The expiry fields for a (new) expiry date: nothing announced yet, first looked at when the notice
 * period starts. Without a date nothing is ever due.
 */
export function expirySchedule(expiresOn: string | undefined): {
  expiryNotice: ExpiryNotice;
  nextCheckOn: string;
} {
  return { expiryNotice: 'NONE', nextCheckOn: expiresOn ? addDays(expiresOn, -EXPIRY_NOTICE_DAYS) : NEVER };
}

/**
 * What the expiry job does for a document on `day`: the notice that is due (EXPIRED once past the
 * date; SOON within the notice period) and the next day to look, or null when nothing is due.
 */
export function dueNotice(
  document: Pick<repo.DocumentItem, 'expiresOn' | 'expiryNotice'>,
  day: string,
): { notice: ExpiryNotice; nextCheckOn: string } | null {
  const { expiresOn, expiryNotice } = document;
  if (!expiresOn) return null;
  if (day >= expiresOn) return expiryNotice === 'EXPIRED' ? null : { notice: 'EXPIRED', nextCheckOn: NEVER };
  if (addDays(day, EXPIRY_NOTICE_DAYS) >= expiresOn && expiryNotice === 'NONE') {
    return { notice: 'SOON', nextCheckOn: expiresOn };
  }
  return null;
}

// ——— Views ———

async function toView(doc: repo.DocumentItem): Promise<LibraryDocument> {
  return {
    documentId: doc.documentId,
    documentName: doc.documentName,
    documentTypeId: doc.documentTypeId,
    fileName: doc.fileName,
    accessUrl: await presignDownload(doc.fileKey, ACCESS_URL_SECONDS),
    documentStatus: doc.documentStatus,
    createdByUserId: doc.createdByUserId,
    ...(doc.updatedByUserId ? { updatedByUserId: doc.updatedByUserId } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    size: doc.size,
    contentType: doc.contentType,
    fileVersion: doc.fileVersion,
    version: doc.version,
    ...(doc.expiresOn ? { expiresOn: doc.expiresOn, expiryState: expiryStateOf(doc.expiresOn) } : {}),
  };
}

/**
 * The documents among these that the caller may see. Files open through links issued only to
 * members who may see where the file is attached (README, Document Library). A document uploaded
 * to the library itself is the team's, wherever it is attached later. One uploaded into a project
 * is seen by whoever may see that project or any project it is attached in; when every one of them
 * is a PRIVATE project the caller is not on, the document does not exist for them (left out of
 * lists, 404 when named). One BatchGetItem of the upload projects; a Query of attachments only for
 * documents whose upload project the caller cannot see.
 */
async function visibleDocuments(caller: TeamCaller, docs: repo.DocumentItem[]) {
  const { teamId, userId } = caller.user;
  const placed = docs.filter((d) => d.uploadedInProjectId);
  if (!placed.length) return docs;
  const projects = new Map<string, ProjectItem>(
    (
      await repo.getProjects(
        teamId,
        placed.map((d) => d.uploadedInProjectId ?? ''),
      )
    ).map((p) => [p.projectId, p]),
  );
  const sees = (projectId: string) => {
    const project = projects.get(projectId);
    return Boolean(project && canSeeProject(project, userId));
  };
  const doubtful = placed.filter((d) => !sees(d.uploadedInProjectId ?? ''));
  if (!doubtful.length) return docs;
  const attachedIn = await Promise.all(
    doubtful.map(async (d) => [
      ...new Set((await repo.linksOfDocument(teamId, d.documentId)).map((l) => l.projectId)),
    ]),
  );
  const unread = [...new Set(attachedIn.flat())].filter((id) => !projects.has(id));
  for (const project of await repo.getProjects(teamId, unread)) projects.set(project.projectId, project);
  const hidden = new Set(doubtful.filter((_, i) => !attachedIn[i].some(sees)).map((d) => d.documentId));
  return docs.filter((d) => !hidden.has(d.documentId));
}

/** A document the caller may see (404 otherwise, as for one that does not exist). */
async function documentOf(caller: TeamCaller, documentId: string) {
  const doc = await repo.getDocument(caller.user.teamId, documentId);
  if (!doc || !(await visibleDocuments(caller, [doc])).length) {
    throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  }
  return doc;
}

// ——— The library ———

export async function listDocuments(caller: TeamCaller, include: 'available' | 'all') {
  const all = await repo.documentsOf(caller.user.teamId);
  const listed = include === 'all' ? all : all.filter((d) => d.documentStatus === 'UPLOADED');
  const shown = await visibleDocuments(caller, listed);
  shown.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return Promise.all(shown.map(toView));
}

export const listDocumentTypes = () => DOCUMENT_TYPES.map((t) => ({ ...t }));

async function presignedUpload(teamId: string, fileName: string, contentType: string) {
  const { key, upload } = await startUpload(
    uploadOwner(teamId),
    contentType || 'application/octet-stream',
    ruleFor(fileName),
  );
  return { stagingKey: key, upload };
}

const uploadExpiry = () => Math.floor(Date.now() / 1000) + UPLOAD_TTL_SECONDS;

/** A new document's upload: a presigned POST and the documentId it will have. */
export async function createDocument(caller: TeamCaller, body: CreateDocumentRequest) {
  const { teamId, userId } = caller.user;
  const documentId = randomUUID();
  const { stagingKey, upload } = await presignedUpload(teamId, body.fileName, body.contentType);
  await repo.putUpload({
    teamId,
    documentId,
    stagingKey,
    fileName: body.fileName,
    documentName: body.documentName,
    documentTypeId: body.documentTypeId,
    ...(body.expiresOn ? { expiresOn: body.expiresOn } : {}),
    uploadedByUserId: userId,
    expiresAt: uploadExpiry(),
  });
  return { documentId, uploadUrl: upload.url, upload };
}

/** The next file of a document: a presigned POST; `complete` makes it current. */
export async function uploadDocumentVersion(
  caller: TeamCaller,
  documentId: string,
  body: { fileName: string; contentType: string; expiresOn?: string | null },
) {
  const { teamId, userId } = caller.user;
  await documentOf(caller, documentId);
  const { stagingKey, upload } = await presignedUpload(teamId, body.fileName, body.contentType);
  await repo.putUpload({
    teamId,
    documentId,
    stagingKey,
    fileName: body.fileName,
    ...(body.expiresOn ? { expiresOn: body.expiresOn } : {}),
    ...(body.expiresOn === null ? { clearExpiry: true } : {}),
    uploadedByUserId: userId,
    expiresAt: uploadExpiry(),
  });
  return { documentId, uploadUrl: upload.url, upload };
}

/**
 * The uploaded file checked by its bytes and stored: a new document, or the document's next file
 * (the earlier ones stay in its history). With a projectId (and questionId), also attached there;
 * that target is checked before the file is, so a refused attachment loses nothing.
 */
export async function completeDocument(
  caller: TeamCaller,
  documentId: string,
  body: { projectId?: string; questionId?: string },
  sessionId: string | null,
) {
  const { teamId, userId } = caller.user;
  if (body.questionId && !body.projectId) {
    throw new BadRequestError('Invalid request body', { projectId: ['Give the project of the question'] });
  }
  const pending = await repo.getUpload(teamId, documentId);
  if (!pending) throw new NotFoundError('Upload not found');
  if (body.projectId) await attachmentTarget(caller, body.projectId, body.questionId);
  const fileKey = `documents/${teamId}/${documentId}/${randomUUID()}`;
  const accepted = await acceptUpload(pending.stagingKey, fileKey, ruleFor(pending.fileName));
  const file = {
    teamId,
    documentId,
    fileName: pending.fileName,
    fileKey,
    contentType: accepted.contentType,
    size: accepted.size,
    uploadedByUserId: pending.uploadedByUserId,
  };
  const current = pending.documentName ? null : await documentOf(caller, documentId);
  if (!current) {
    const created = await repo.createDocument(
      {
        teamId,
        documentId,
        documentName: pending.documentName ?? pending.fileName,
        documentTypeId: pending.documentTypeId ?? 'OTHER',
        fileName: pending.fileName,
        fileKey,
        contentType: accepted.contentType,
        size: accepted.size,
        ...(pending.expiresOn ? { expiresOn: pending.expiresOn } : {}),
        ...expirySchedule(pending.expiresOn),
        ...(body.projectId ? { uploadedInProjectId: body.projectId } : {}),
        createdByUserId: userId,
        changedBySession: sessionMark(sessionId),
      },
      file,
    );
    if (!created) throw new NotFoundError('Upload not found');
  } else {
    const expiry = pending.expiresOn
      ? { expiresOn: pending.expiresOn, ...expirySchedule(pending.expiresOn) }
      : pending.clearExpiry
        ? expirySchedule(undefined)
        : {};
    await repo.addFile(
      current,
      file,
      {
        fileName: pending.fileName,
        fileKey,
        contentType: accepted.contentType,
        size: accepted.size,
        updatedByUserId: userId,
        changedBySession: sessionMark(sessionId),
        ...expiry,
      },
      pending.clearExpiry ? ['expiresOn'] : [],
    );
  }
  if (body.projectId) await attach(caller, body.projectId, body.questionId, documentId, sessionId);
  return toView(await documentOf(caller, documentId));
}

/** A document's name, type or expiry date; a new expiry date starts its notices afresh. */
export async function updateDocument(
  caller: TeamCaller,
  documentId: string,
  body: {
    version: number;
    documentName?: string;
    documentTypeId?: repo.DocumentItem['documentTypeId'];
    expiresOn?: string | null;
  },
  sessionId: string | null,
) {
  const current = await documentOf(caller, documentId);
  if (current.version !== body.version) throw new ConflictError();
  const expiryChanged = body.expiresOn !== undefined && (body.expiresOn ?? undefined) !== current.expiresOn;
  const updated = await repo.updateDocument(
    current,
    {
      ...(body.documentName !== undefined ? { documentName: body.documentName } : {}),
      ...(body.documentTypeId !== undefined ? { documentTypeId: body.documentTypeId } : {}),
      ...(expiryChanged && body.expiresOn ? { expiresOn: body.expiresOn } : {}),
      ...(expiryChanged ? expirySchedule(body.expiresOn ?? undefined) : {}),
      updatedByUserId: caller.user.userId,
      changedBySession: sessionMark(sessionId),
    },
    expiryChanged && body.expiresOn === null ? ['expiresOn'] : [],
  );
  return toView(updated);
}

/** Archive (DEACTIVE) or make available (UPLOADED); asking for the status it has changes nothing. */
export async function setDocumentStatus(
  caller: TeamCaller,
  documentId: string,
  documentStatus: repo.DocumentItem['documentStatus'],
  sessionId: string | null,
) {
  const current = await documentOf(caller, documentId);
  if (current.documentStatus === documentStatus) return toView(current);
  return toView(
    await repo.updateDocument(current, {
      documentStatus,
      updatedByUserId: caller.user.userId,
      changedBySession: sessionMark(sessionId),
    }),
  );
}

export async function listDocumentVersions(
  caller: TeamCaller,
  documentId: string,
): Promise<DocumentVersion[]> {
  await documentOf(caller, documentId);
  const files = await repo.filesOf(caller.user.teamId, documentId);
  return Promise.all(
    files.map(async (f) => ({
      fileVersion: f.fileVersion,
      fileName: f.fileName,
      size: f.size,
      contentType: f.contentType,
      uploadedByUserId: f.uploadedByUserId,
      createdAt: f.createdAt,
      accessUrl: await presignDownload(f.fileKey, ACCESS_URL_SECONDS),
    })),
  );
}

// ——— Attachments ———

/** The project (visible to the caller) and, when named, its question (linked, not deleted). */
async function attachmentTarget(caller: TeamCaller, projectId: string, questionId?: string) {
  const project = await visibleProject(caller, projectId);
  if (questionId) {
    const question = await repo.getQuestion(caller.user.teamId, projectId, questionId);
    if (!question || question.deletedAt || question.isLinked === false) {
      throw new NotFoundError('That question no longer exists');
    }
  }
  return project;
}

/** Attachment views of some of a project's links, counted against all of them. */
async function attachmentViews(
  teamId: string,
  all: DocumentLinkItem[],
  shown: DocumentLinkItem[],
): Promise<AttachedDocument[]> {
  const documents = new Map(
    (
      await repo.getDocuments(
        teamId,
        shown.map((l) => l.documentId),
      )
    ).map((d) => [d.documentId, d]),
  );
  const questionUses = new Map<string, number>();
  for (const link of all) {
    if (link.scope !== PROJECT_SCOPE)
      questionUses.set(link.documentId, (questionUses.get(link.documentId) ?? 0) + 1);
  }
  const views = await Promise.all(
    shown.map(async (link) => {
      const doc = documents.get(link.documentId);
      if (!doc) return null;
      return {
        link: {
          questionDocumentId: linkIdOf(link),
          documentId: link.documentId,
          ...(link.scope !== PROJECT_SCOPE ? { questionId: link.scope } : {}),
          createdByUserId: link.createdByUserId,
          createdAt: link.createdAt,
        },
        document: {
          documentId: doc.documentId,
          documentName: doc.documentName,
          fileName: doc.fileName,
          updatedAt: doc.updatedAt,
          documentStatus: doc.documentStatus,
          ...(doc.expiresOn ? { expiresOn: doc.expiresOn, expiryState: expiryStateOf(doc.expiresOn) } : {}),
        },
        accessUrl: await presignDownload(doc.fileKey, ACCESS_URL_SECONDS),
        usageCount: questionUses.get(link.documentId) ?? 0,
      };
    }),
  );
  return views.filter((v): v is AttachedDocument => v !== null);
}

const scopeOf = (questionId?: string) => questionId ?? PROJECT_SCOPE;

/** The documents attached to a project itself, or to one of its questions. */
export async function listAttachments(caller: TeamCaller, projectId: string, questionId?: string) {
  await attachmentTarget(caller, projectId, questionId);
  const { teamId } = caller.user;
  const all = await repo.linksOf(teamId, projectId);
  const scope = scopeOf(questionId);
  return attachmentViews(
    teamId,
    all,
    all.filter((l) => l.scope === scope),
  );
}

/** Every document attached in a project, once each, with where it is attached. */
export async function listProjectFiles(caller: TeamCaller, projectId: string): Promise<ProjectFile[]> {
  await visibleProject(caller, projectId);
  const { teamId } = caller.user;
  const all = await repo.linksOf(teamId, projectId);
  const byDocument = new Map<string, DocumentLinkItem[]>();
  for (const link of all) byDocument.set(link.documentId, [...(byDocument.get(link.documentId) ?? []), link]);
  // One view per document: its project link when there is one, else its first question's.
  const firsts = [...byDocument.values()].map(
    (links) => links.find((l) => l.scope === PROJECT_SCOPE) ?? links[0],
  );
  const views = await attachmentViews(teamId, all, firsts);
  return views
    .map((view) => {
      const links = byDocument.get(view.link.documentId) ?? [];
      return {
        ...view,
        onProject: links.some((l) => l.scope === PROJECT_SCOPE),
        questionIds: links.filter((l) => l.scope !== PROJECT_SCOPE).map((l) => l.scope),
      };
    })
    .sort((a, b) => a.document.documentName.localeCompare(b.document.documentName));
}

/** Attaches an available document to the project or a question; attaching twice changes nothing. */
export async function attach(
  caller: TeamCaller,
  projectId: string,
  questionId: string | undefined,
  documentId: string,
  sessionId: string | null,
) {
  await attachmentTarget(caller, projectId, questionId);
  const doc = await documentOf(caller, documentId);
  if (doc.documentStatus !== 'UPLOADED') throw new UnprocessableError(DOCUMENT_MESSAGES.archived);
  await repo.putLink({
    teamId: caller.user.teamId,
    projectId,
    scope: scopeOf(questionId),
    documentId,
    createdByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return listAttachments(caller, projectId, questionId);
}

/**
 * Removes attachments. On a question: its attachment of the document. On the project: the one
 * named by questionDocumentId, or without it the document from the project and all its questions.
 */
export async function detach(
  caller: TeamCaller,
  projectId: string,
  questionId: string | undefined,
  body: { documentId: string; questionDocumentId?: string },
) {
  await attachmentTarget(caller, projectId, questionId);
  const { teamId } = caller.user;
  const all = await repo.linksOf(teamId, projectId);
  const ofDocument = all.filter((l) => l.documentId === body.documentId);
  const named = body.questionDocumentId;
  const removed = questionId
    ? ofDocument.filter((l) => l.scope === questionId && (!named || linkIdOf(l) === named))
    : named
      ? ofDocument.filter((l) => linkIdOf(l) === named)
      : ofDocument;
  if (!removed.length) throw new NotFoundError('That document is not attached here');
  await repo.deleteLinks(removed);
  const gone = new Set(removed.map(linkIdOf));
  const left = all.filter((l) => !gone.has(linkIdOf(l)));
  const scope = scopeOf(questionId);
  return attachmentViews(
    teamId,
    left,
    left.filter((l) => l.scope === scope),
  );
}
