/**
 * What a delivery's body is: the event as signed JSON, or the same event shaped for a Slack incoming
 * webhook (blocks) or a Microsoft Teams incoming webhook (an Adaptive Card), each with a link back to
 * where it happened in the product.
 */
import {
  WEBHOOK_EVENTS,
  WEBHOOK_PING,
  type WebhookEventType,
  type WebhookFormat,
} from '../../shared/webhook-events';

/** The JSON body of a delivery (format JSON) and what every other format is made from. */
export interface WebhookEvent {
  /** The same for every endpoint the event goes to, and for a resend: receivers deduplicate by it. */
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING;
  /** When it happened (ISO 8601). */
  createdAt: string;
  teamId: string;
  /** What happened, in a line. */
  summary: string;
  /** Where to see it in the product. */
  url: string;
  data: Record<string, unknown>;
}

export const titleOf = (type: WebhookEvent['type']) =>
  type === WEBHOOK_PING ? 'Test event' : WEBHOOK_EVENTS[type];

/** Slack's mrkdwn: &, < and > are escaped; nothing else is read as markup in a plain section. */
const slackText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slackBody(event: WebhookEvent) {
  const title = titleOf(event.type);
  return {
    text: `${title}: ${event.summary}`,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${slackText(title)}*\n${slackText(event.summary)}` },
      },
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open' }, url: event.url }],
      },
    ],
  };
}

function teamsBody(event: WebhookEvent) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: titleOf(event.type), weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: event.summary, wrap: true },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open', url: event.url }],
        },
      },
    ],
  };
}

/** The body an endpoint of this format is sent. */
export function bodyFor(format: WebhookFormat, event: WebhookEvent): string {
  if (format === 'SLACK') return JSON.stringify(slackBody(event));
  if (format === 'TEAMS') return JSON.stringify(teamsBody(event));
  return JSON.stringify(event);
}
