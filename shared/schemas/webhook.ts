/** Outgoing webhooks of a team (Settings → Integrations) and their deliveries. */
import * as z from 'zod';
import { Id } from '../routes/route';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  WEBHOOK_PING,
} from '../webhook-events';
import { PageCursor } from './common';

export const WEBHOOK_URL_MESSAGE = 'Please enter the endpoint’s address, starting with https://';
export const WEBHOOK_EVENTS_MESSAGE = 'Please choose at least one event';

const WebhookUrl = z
  .url({ protocol: /^https?$/, error: WEBHOOK_URL_MESSAGE })
  .max(2000, 'The address can be at most 2,000 characters');
const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES), { error: WEBHOOK_EVENTS_MESSAGE })
  .min(1, WEBHOOK_EVENTS_MESSAGE)
  .max(WEBHOOK_EVENT_TYPES.length);
const Description = z.string().trim().max(200, 'The description can be at most 200 characters');

export const CreateWebhookRequest = z.object({
  url: WebhookUrl,
  format: z.enum(WEBHOOK_FORMATS).default('JSON'),
  events: WebhookEvents,
  /** Only this project's events (Slack or Teams channels per project); absent: the whole team's. */
  projectId: Id.optional(),
  description: Description.optional(),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

export const UpdateWebhookRequest = z
  .object({
    url: WebhookUrl,
    events: WebhookEvents,
    description: Description,
    /** true turns a disabled endpoint back on (its failures are forgotten); false pauses it. */
    enabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequest>;

export const Webhook = z.object({
  webhookId: z.string(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  projectId: z.string().nullable(),
  /** The project's name (null for the whole team's, or a project since deleted). */
  projectName: z.string().nullable(),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it is off: paused by a person, or disabled after failing for 24 hours. */
  disabledReason: z.string().nullable(),
  /** Every delivery has failed since then (null while it succeeds). */
  failingSince: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastDeliveryStatus: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable(),
  /** The start of the signing secret (the secret is shown only when created or rotated). */
  secretPrefix: z.string(),
  /** When the previous secret stops signing, after a rotation; null otherwise. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** An endpoint just created, or its secret just rotated: the secret, shown this once. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });

export const WebhookDelivery = z.object({
  deliveryId: z.string(),
  eventType: z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal(WEBHOOK_PING)]),
  /** What happened, in a line (the notification's wording). */
  summary: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, null when it could not be reached. */
  responseCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Why the last attempt failed, for people. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** A resend of this delivery. */
  resendOf: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = z.object({ cursor: PageCursor });
export const WebhookDeliveriesPage = z.object({
  items: z.array(WebhookDelivery),
  cursor: z.string().nullable(),
});
