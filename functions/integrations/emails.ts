/** E-mails of the integrations, rendered here and tested in functions/integrations/emails.test.ts. */
import { escapeHtml, oneLine, type RenderedEmail } from '../common/email';

export const integrationsPath = '/Settings?tab=integrations';

export function webhookDisabledEmail(input: {
  url: string;
  teamName: string;
  appUrl: string;
}): RenderedEmail {
  const link = `${input.appUrl.replace(/\/+$/, '')}${integrationsPath}`;
  const team = oneLine(input.teamName);
  const subject = `A webhook of ${team} was turned off`;
  const text = [
    'Hello,',
    '',
    `Every delivery to the webhook ${input.url} has failed for 24 hours, so it was turned off. Nothing more is sent to it until someone turns it back on.`,
    '',
    'See its deliveries, fix the endpoint and turn it back on in Settings → Integrations:',
    link,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
<p>Hello,</p>
<p>Every delivery to the webhook <strong>${escapeHtml(input.url)}</strong> has failed for 24 hours, so it was turned off. Nothing more is sent to it until someone turns it back on.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">Open Settings → Integrations</a></p>
<p style="font-size: 13px; color: #52606d;">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
