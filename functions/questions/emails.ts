/** E-mails about questions, rendered here and tested in functions/questions/emails.test.ts. */
import { escapeHtml, excerpt, oneLine, type RenderedEmail } from '../common/email';

/** Where the answering screen opens a question. */
export const questionPath = (projectId: string, questionId: string) =>
  `/Projects/${encodeURIComponent(projectId)}/${encodeURIComponent(questionId)}`;

export const questionLink = (appUrl: string, projectId: string, questionId: string) =>
  `${appUrl.replace(/\/+$/, '')}${questionPath(projectId, questionId)}`;

export { excerpt };

export function questionAssignedEmail(input: {
  assignerName: string;
  projectName: string;
  question: string;
  referenceNumber?: string;
  link: string;
}): RenderedEmail {
  const assigner = oneLine(input.assignerName) || 'A colleague';
  const project = oneLine(input.projectName);
  const question = excerpt(input.question, 300);
  const reference = input.referenceNumber ? `${oneLine(input.referenceNumber)} ` : '';
  const subject = `You have been assigned a question in ${project}`;
  const lines = ['Hello,', `${assigner} assigned you a question in the project ${project}:`];
  const text = [...lines, '', `${reference}${question}`, '', `Answer the question: ${input.link}`, ''].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<blockquote style="margin: 0 0 16px; padding: 8px 14px; border-left: 3px solid #cbd2d9; color: #3e4c59;">${escapeHtml(`${reference}${question}`)}</blockquote>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">Answer the question</a></p>
<p style="font-size: 13px; color: #52606d;">You can turn these e-mails off in your settings.</p>
</body>
</html>
`;
  return { subject, text, html };
}
