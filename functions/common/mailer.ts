import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';
import type { RenderedEmail } from './email-templates';

/** Endpoint from AWS_ENDPOINT_URL_SESV2 when set (the SES emulator locally). */
const ses = new SESv2Client({});

export async function sendEmail(to: string, email: RenderedEmail) {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [to] },
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
}
