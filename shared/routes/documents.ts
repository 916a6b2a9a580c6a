import {
  AttachDocumentRequest,
  AttachedDocument,
  CompleteDocumentRequest,
  CreateDocumentRequest,
  DocumentType,
  DocumentUpload,
  DocumentVersion,
  LibraryDocument,
  ProjectFile,
  RemoveDocumentRequest,
  UpdateDocumentRequest,
  UploadVersionRequest,
} from '../schemas/document';
import { route, routeGroup } from './route';

const DOCUMENT = '/api/documents/{documentId}';
const PROJECT = '/api/projects/{projectId}';
const QUESTION = `${PROJECT}/questions/{questionId}`;

/**
 * The document library and attachments (spec 002 §7.3, spec 001 §7). Any member reads the library;
 * uploading and attaching need ANSWER_QUESTION (evidence is added while answering); archiving,
 * reinstating, renaming, new versions and expiry dates govern the library: MANAGE_ANSWER_LIBRARY.
 * Attachments live in projects, so PRIVATE projects answer 404 to anyone not on them.
 */
export const documents = routeGroup(
  'documents',
  { table: 'readwrite', uploads: 'readwrite' },
  {
    listDocuments: route({
      method: 'GET',
      path: '/api/documents',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'The available (UPLOADED) documents of the team, newest first',
      response: LibraryDocument.array(),
    }),
    listAllDocuments: route({
      method: 'GET',
      path: '/api/documents/all',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'Every document of the team, available and archived, newest first',
      response: LibraryDocument.array(),
    }),
    listDocumentTypes: route({
      method: 'GET',
      path: '/api/documents/types',
      auth: 'user',
      team: true,
      summary: 'The document types (Other included)',
      response: DocumentType.array(),
    }),
    createDocument: route({
      method: 'POST',
      path: '/api/documents/create',
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary: 'Start uploading a new document (25 MB): a presigned POST and the new documentId',
      body: CreateDocumentRequest,
      response: DocumentUpload,
    }),
    completeDocument: route({
      method: 'POST',
      path: `${DOCUMENT}/complete`,
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary:
        'The uploaded file checked by its bytes and stored as the document (or its next version); optionally attached to a project or question',
      body: CompleteDocumentRequest,
      response: LibraryDocument,
    }),
    uploadDocumentVersion: route({
      method: 'POST',
      path: `${DOCUMENT}/upload`,
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Start uploading a new file for a document; the earlier files stay in its history',
      body: UploadVersionRequest,
      response: DocumentUpload,
    }),
    updateDocument: route({
      method: 'POST',
      path: `${DOCUMENT}/update`,
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: "A document's name, type or expiry date (409 on a stale version)",
      body: UpdateDocumentRequest,
      response: LibraryDocument,
    }),
    archiveDocument: route({
      method: 'POST',
      path: `${DOCUMENT}/archive`,
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Archive a document (DEACTIVE): it leaves the Available list and cannot be attached',
      response: LibraryDocument,
    }),
    reinstateDocument: route({
      method: 'POST',
      path: `${DOCUMENT}/reinstate`,
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Make an archived document available again (UPLOADED)',
      response: LibraryDocument,
    }),
    listDocumentVersions: route({
      method: 'GET',
      path: `${DOCUMENT}/versions`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "A document's files, newest first, each with a short-lived link",
      response: DocumentVersion.array(),
    }),
    listProjectFiles: route({
      method: 'GET',
      path: '/api/files/{projectId}',
      auth: 'user',
      team: true,
      summary: 'Every document attached in a project (to the project or its questions), with where',
      response: ProjectFile.array(),
    }),
    listProjectDocuments: route({
      method: 'GET',
      path: `${PROJECT}/documents`,
      auth: 'user',
      team: true,
      summary: 'The documents attached to a project itself',
      response: AttachedDocument.array(),
    }),
    attachProjectDocument: route({
      method: 'POST',
      path: `${PROJECT}/documents/add`,
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary: 'Attach an available document to a project; answers its attachments',
      body: AttachDocumentRequest,
      response: AttachedDocument.array(),
    }),
    removeProjectDocument: route({
      method: 'POST',
      path: `${PROJECT}/documents/remove`,
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary:
        'Remove a document from a project: one attachment by questionDocumentId, or without it from the project and every question',
      body: RemoveDocumentRequest,
      response: AttachedDocument.array(),
    }),
    listQuestionDocuments: route({
      method: 'GET',
      path: `${QUESTION}/documents`,
      auth: 'user',
      team: true,
      summary: 'The documents attached to a question',
      response: AttachedDocument.array(),
    }),
    attachQuestionDocument: route({
      method: 'POST',
      path: `${QUESTION}/documents/add`,
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary: 'Attach an available document to a question; answers its attachments',
      body: AttachDocumentRequest,
      response: AttachedDocument.array(),
    }),
    removeQuestionDocument: route({
      method: 'POST',
      path: `${QUESTION}/documents/remove`,
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary: 'Remove a document from a question; answers its attachments',
      body: RemoveDocumentRequest,
      response: AttachedDocument.array(),
    }),
  },
);
