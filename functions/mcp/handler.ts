import { mcp as mcpRoutes } from '../../shared/routes/mcp';
import { pagingOf } from '../common/api-paging';
import { createGroupHandler } from '../common/http';
import { answerMessage } from './server';
import { publicLibraryAnswers, publicProjects, publicQuestions } from './service';

export const handler = createGroupHandler(mcpRoutes, {
  mcp: async ({ client, body }) => answerMessage(client, body),
  publicProjects: async ({ client, query, event }) =>
    publicProjects(client, query.status, pagingOf(event.headers)),
  publicQuestions: async ({ client, params, event }) =>
    publicQuestions(client, params.projectId, pagingOf(event.headers)),
  publicLibraryAnswers: async ({ client, event }) => publicLibraryAnswers(client, pagingOf(event.headers)),
});
