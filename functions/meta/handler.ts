import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { buildOpenApi } from '../../shared/openapi';
import { config } from '../common/config';
import { documentClient } from '../common/db';
import { createGroupHandler } from '../common/http';

const openApi = buildOpenApi();

export const handler = createGroupHandler('meta', {
  health: async () => {
    // A real read proves the table is reachable with this function's credentials.
    await documentClient.send(
      new GetCommand({ TableName: config.tableName, Key: { pk: 'HEALTH', sk: 'HEALTH' } }),
    );
    return { status: 'ok', stage: config.stage, table: 'reachable' };
  },
  openApi: async () => openApi,
});
