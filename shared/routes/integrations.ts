import { Ok } from '../schemas/common';
import {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDeliveriesPage,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookWithSecret,
} from '../schemas/webhook';
import { route, routeGroup } from './route';

/**
 * Settings → Integrations (team admins): outgoing webhooks, signed JSON or shaped for Slack and
 * Microsoft Teams. A request only writes: deliveries are made by the stream's reactions and the
 * webhook sender job (shared/background-functions.ts), never inside a request.
 */
export const integrations = routeGroup(
  'integrations',
  { table: 'readwrite' },
  {
    listWebhooks: route({
      method: 'GET',
      path: '/api/integrations/webhooks',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: "The team's webhook endpoints (never their secrets)",
      response: Webhook.array(),
    }),
    createWebhook: route({
      method: 'POST',
      path: '/api/integrations/webhooks',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: 'Add an endpoint (at most 20); answers it with its signing secret, shown this once',
      body: CreateWebhookRequest,
      response: WebhookWithSecret,
    }),
    updateWebhook: route({
      method: 'POST',
      path: '/api/integrations/webhooks/{webhookId}',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: 'Change an endpoint’s address, events or description, pause it or turn it back on',
      body: UpdateWebhookRequest,
      response: Webhook,
    }),
    deleteWebhook: route({
      method: 'POST',
      path: '/api/integrations/webhooks/{webhookId}/delete',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: 'Remove an endpoint; deliveries not yet made are dropped',
      response: Ok,
    }),
    rotateWebhookSecret: route({
      method: 'POST',
      path: '/api/integrations/webhooks/{webhookId}/rotate-secret',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary:
        'A new signing secret, shown this once; for 24 hours deliveries are signed with the previous one too',
      response: WebhookWithSecret,
    }),
    sendTestWebhook: route({
      method: 'POST',
      path: '/api/integrations/webhooks/{webhookId}/test',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: 'Queue a test event to the endpoint; it appears in its deliveries',
      response: WebhookDelivery,
    }),
    listWebhookDeliveries: route({
      method: 'GET',
      path: '/api/integrations/webhooks/{webhookId}/deliveries',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: 'An endpoint’s deliveries, newest first (kept 30 days), 50 a page',
      query: WebhookDeliveriesQuery,
      response: WebhookDeliveriesPage,
    }),
    resendWebhookDelivery: route({
      method: 'POST',
      path: '/api/integrations/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
      auth: 'user',
      permission: 'UPDATE_TEAM',
      summary: 'Send a delivery’s event again, as a new delivery',
      response: WebhookDelivery,
    }),
  },
);
