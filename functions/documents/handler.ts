import { documents as documentsRoutes } from '../../shared/routes/documents';
import { createGroupHandler } from '../common/http';
import {
  attach,
  completeDocument,
  createDocument,
  detach,
  listAttachments,
  listDocuments,
  listDocumentTypes,
  listDocumentVersions,
  listProjectFiles,
  setDocumentStatus,
  updateDocument,
  uploadDocumentVersion,
} from './service';

export const handler = createGroupHandler(documentsRoutes, {
  listDocuments: async ({ caller }) => listDocuments(caller, 'available'),
  listAllDocuments: async ({ caller }) => listDocuments(caller, 'all'),
  listDocumentTypes: async () => listDocumentTypes(),
  createDocument: async ({ caller, body }) => createDocument(caller, body),
  completeDocument: async ({ caller, params, body, sessionId }) =>
    completeDocument(caller, params.documentId, body, sessionId),
  uploadDocumentVersion: async ({ caller, params, body }) =>
    uploadDocumentVersion(caller, params.documentId, body),
  updateDocument: async ({ caller, params, body, sessionId }) =>
    updateDocument(caller, params.documentId, body, sessionId),
  archiveDocument: async ({ caller, params, sessionId }) =>
    setDocumentStatus(caller, params.documentId, 'DEACTIVE', sessionId),
  reinstateDocument: async ({ caller, params, sessionId }) =>
    setDocumentStatus(caller, params.documentId, 'UPLOADED', sessionId),
  listDocumentVersions: async ({ caller, params }) => listDocumentVersions(caller, params.documentId),
  listProjectFiles: async ({ caller, params }) => listProjectFiles(caller, params.projectId),
  listProjectDocuments: async ({ caller, params }) => listAttachments(caller, params.projectId),
  attachProjectDocument: async ({ caller, params, body, sessionId }) =>
    attach(caller, params.projectId, undefined, body.documentId, sessionId),
  removeProjectDocument: async ({ caller, params, body }) =>
    detach(caller, params.projectId, undefined, body),
  listQuestionDocuments: async ({ caller, params }) =>
    listAttachments(caller, params.projectId, params.questionId),
  attachQuestionDocument: async ({ caller, params, body, sessionId }) =>
    attach(caller, params.projectId, params.questionId, body.documentId, sessionId),
  removeQuestionDocument: async ({ caller, params, body }) =>
    detach(caller, params.projectId, params.questionId, body),
});
