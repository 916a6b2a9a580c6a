import { exportsGroup as exportsRoutes } from '../../shared/routes/exports';
import { createGroupHandler } from '../common/http';
import { downloadSource, exportPreview, exportQuestions } from './service';

export const handler = createGroupHandler(exportsRoutes, {
  downloadSource: async ({ caller, params }) =>
    downloadSource(caller, params.projectId, params.projectSourceId),
  previewExport: async ({ caller, params, body }) => exportPreview(caller, params.projectId, body),
  exportQuestions: async ({ caller, params, body }) => exportQuestions(caller, params.projectId, body),
});
