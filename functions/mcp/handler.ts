import { mcp as mcpRoutes } from '../../shared/routes/mcp';
import { createGroupHandler } from '../common/http';
import { answerMessage } from './server';

export const handler = createGroupHandler(mcpRoutes, {
  mcp: async ({ client, body }) => answerMessage(client, body),
});
