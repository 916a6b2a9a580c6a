import { integrations as integrationsRoutes } from '../../shared/routes/integrations';
import { createGroupHandler } from '../common/http';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateSecret,
  sendTest,
  updateWebhook,
} from './service';

export const handler = createGroupHandler(integrationsRoutes, {
  listWebhooks: async ({ caller }) => listWebhooks(caller),
  createWebhook: async ({ caller, body }) => createWebhook(caller, body),
  updateWebhook: async ({ caller, params, body }) => updateWebhook(caller, params.webhookId, body),
  deleteWebhook: async ({ caller, params }) => deleteWebhook(caller, params.webhookId),
  rotateWebhookSecret: async ({ caller, params }) => rotateSecret(caller, params.webhookId),
  sendTestWebhook: async ({ caller, params }) => sendTest(caller, params.webhookId),
  listWebhookDeliveries: async ({ caller, params, query }) =>
    listDeliveries(caller, params.webhookId, query.cursor),
  resendWebhookDelivery: async ({ caller, params }) =>
    resendDelivery(caller, params.webhookId, params.deliveryId),
});
