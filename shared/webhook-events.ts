/**
 * The events a team's outgoing webhooks (Settings → Integrations) can be sent: their names on the
 * wire (`type` of the delivered body) and their labels in the settings. The reactions that notice
 * them are functions/integrations/events.ts.
 */
export const WEBHOOK_EVENTS = {
  'project.created': 'Project created',
  'project.completed': 'Project completed',
  'question.assigned': 'Question assigned',
  'comment.mentioned': 'Comment with a mention',
  'library.answer_approved': 'Answer approved into the library',
  'library.review_due': 'Library answer due for review',
  'quiz.answered': 'Quiz answered',
  'document.expiring': 'Evidence expiring',
  'consistency.findings': 'Consistency findings',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

/** The test event a user sends from the settings ("Send test event"); never sent otherwise. */
export const WEBHOOK_PING = 'webhook.test';

/** How a delivery's body is shaped: our signed JSON, Slack's blocks, or a Microsoft Teams card. */
export const WEBHOOK_FORMATS = ['JSON', 'SLACK', 'TEAMS'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  JSON: 'Signed JSON',
  SLACK: 'Slack',
  TEAMS: 'Microsoft Teams',
};

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** At most this many endpoints per team. */
export const WEBHOOKS_PER_TEAM = 20;
/** A delivery is retried with backoff for this long after its first attempt, then failed. */
export const WEBHOOK_RETRY_HOURS = 24;
/** An endpoint whose every delivery failed for this long is disabled and the team's admins are told. */
export const WEBHOOK_DISABLE_HOURS = 24;
/** After a secret is rotated, deliveries carry a signature with the previous one too, for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
