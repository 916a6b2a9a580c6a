import { sources as sourcesRoutes } from '../../shared/routes/sources';
import { createGroupHandler } from '../common/http';
import { configureDocument, configureSheet } from './configure';
import { completeSource, createSource, getDocument, getSheet, getSource, listSources } from './sources';
import {
  applySourceVersion,
  compareSourceVersion,
  discardSourceVersion,
  getSourceVersion,
} from './versions/service';

export const handler = createGroupHandler(sourcesRoutes, {
  listSources: async ({ caller, params }) => listSources(caller, params.projectId),
  createSource: async ({ caller, params, body, sessionId }) =>
    createSource(caller, params.projectId, body, sessionId),
  completeSource: async ({ caller, params, body, sessionId }) =>
    completeSource(caller, params.projectId, body.projectSourceId, sessionId),
  getSource: async ({ caller, params }) => getSource(caller, params.projectId, params.projectSourceId),
  getSheet: async ({ caller, params }) =>
    getSheet(caller, params.projectId, params.projectSourceId, params.sheetId),
  configureSheet: async ({ caller, params, body, sessionId }) =>
    configureSheet(
      caller,
      { projectId: params.projectId, projectSourceId: params.projectSourceId, sheetId: params.sheetId },
      body,
      sessionId,
    ),
  getDocument: async ({ caller, params }) => getDocument(caller, params.projectId, params.projectSourceId),
  configureDocument: async ({ caller, params, body, sessionId }) =>
    configureDocument(
      caller,
      { projectId: params.projectId, projectSourceId: params.projectSourceId },
      body,
      sessionId,
    ),
  getSourceVersion: async ({ caller, params }) =>
    getSourceVersion(caller, params.projectId, params.projectSourceId),
  compareSourceVersion: async ({ caller, params, body, sessionId }) =>
    compareSourceVersion(caller, params.projectId, params.projectSourceId, body, sessionId),
  applySourceVersion: async ({ caller, params, sessionId }) =>
    applySourceVersion(caller, params.projectId, params.projectSourceId, sessionId),
  discardSourceVersion: async ({ caller, params, sessionId }) =>
    discardSourceVersion(caller, params.projectId, params.projectSourceId, sessionId),
});
