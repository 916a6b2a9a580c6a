/** E-mails about the document library, rendered here and tested in test/unit/document-emails.test.ts. */
import { escapeHtml, oneLine, type RenderedEmail } from '../common/email';

export const filesLink = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/Files`;

/** 2026-12-01 → 1 December 2026 (the day as written, whatever the reader's time zone). */
export function longDate(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The notification and e-mail texts for a document's expiry notice. */
export function expiryTexts(input: { documentName: string; expiresOn: string; notice: 'SOON' | 'EXPIRED' }) {
  const name = oneLine(input.documentName);
  const day = longDate(input.expiresOn);
  return input.notice === 'SOON'
    ? {
        title: `${name} expires on ${day}`,
        description: `The document ${name} expires on ${day}. Upload a renewed version so the answers that cite it stay current.`,
      }
    : {
        title: `${name} has expired`,
        description: `The document ${name} expired on ${day}. The questions and library answers that cite it are marked for review.`,
      };
}

export function documentExpiryEmail(input: {
  documentName: string;
  expiresOn: string;
  notice: 'SOON' | 'EXPIRED';
  questions: number;
  link: string;
}): RenderedEmail {
  const { title, description } = expiryTexts(input);
  const lines = [
    'Hello,',
    description,
    input.questions
      ? `It supports ${input.questions} question${input.questions === 1 ? '' : 's'} in open projects.`
      : '',
  ].filter(Boolean);
  const label = 'Open the Document Library';
  const text = [...lines, '', `${label}: ${input.link}`, ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">${label}</a></p>
</body>
</html>
`;
  return { subject: title, text, html };
}
