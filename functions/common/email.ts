/**
 * E-mail through SES v2 (the endpoint comes from AWS_ENDPOINT_URL_SESV2 when set: the SES emulator
 * locally), and the helpers every template uses. Templates live with the group that sends them,
 * kept in code and unit tested; every value that came from a person (names, team names) is escaped
 * in HTML and stripped of line breaks in the subject. E-mail is sent by the reactions function,
 * never inside a request.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientFor } from './aws-client';
import { config } from './config';
import type { MailAddressItem } from './entities';
import { logger } from './logger';
import { stoppedAddress } from './mail-health';
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** One line of plain text: no control characters (a subject is a header line). */
export const oneLine = (value: string) =>
  value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A question or an answer as a short quote: one line, at most `max` characters. */
export const excerpt = (text: string, max = 140) => {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

/** Endpoint from AWS_ENDPOINT_URL_SESV2 when set (the SES emulator locally). */
const ses = clientFor(['AWS_ENDPOINT_URL_SESV2'], () => new SESv2Client({}));

export interface SendOptions {
  /** Where replies go (a comment e-mail's signed reply address). */
  replyTo?: string;
}

/** What became of a send: sent, or not sent because our e-mail does not reach the address. */
export type SendOutcome = { sent: true } | { sent: false; stopped: MailAddressItem };

/**
 * Sends one e-mail, unless SES told us the address bounces, complained or is suppressed (see
 * mail-health.ts): then nothing is sent and the outcome says why, for the caller to tell the sender.
 */
export async function sendEmail(
  to: string,
  email: RenderedEmail,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const stopped = await stoppedAddress(to);
  if (stopped) {
    logger.info('not sent: the address does not receive our e-mail', { state: stopped.state });
    return { sent: false, stopped };
  }
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [to] },
      ...(options.replyTo ? { ReplyToAddresses: [options.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            Html: { Data: email.html, Charset: 'UTF-8' },
          },
        },
      },
    }),
  );
  return { sent: true };
}
