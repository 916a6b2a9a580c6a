/**
 * Comment e-mails, rendered here and unit tested (emails.test.ts): the comment's text (mentions as
 * @Full Name), the project and the question, a link to the question, and a line saying that a
 * reply becomes a comment (each e-mail's Reply-To is a signed reply address).
 */
import type { CommentSegment } from '../../shared/schemas/discussion';
import { escapeHtml, oneLine, type RenderedEmail } from '../common/email';

export type CommentEmailKind = 'mention' | 'reply' | 'copy';

export const questionLink = (appUrl: string, projectId: string, questionId: string) =>
  `${appUrl.replace(/\/+$/, '')}/Projects/${encodeURIComponent(projectId)}/${encodeURIComponent(questionId)}`;

/** The comment as plain text: mentions as `@Full Name` (`@a former member` when unknown). */
export function commentText(segments: CommentSegment[], names: Map<string, string>) {
  return segments
    .map((s) => (s.type === 'TEXT' ? s.content : `@${names.get(s.content) || 'a former member'}`))
    .join('')
    .trim();
}

const QUESTION_SHOWN = 300;
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export interface CommentEmailInput {
  kind: CommentEmailKind;
  /** The author's full name, or the address of an outside sender. */
  authorName: string;
  projectName: string;
  question: string;
  text: string;
  link: string;
}

function intro(kind: CommentEmailKind, author: string, project: string) {
  if (kind === 'mention') return `${author} mentioned you in a comment on a question of ${project}:`;
  if (kind === 'copy') return `${author} copied you on a comment on a question of ${project}:`;
  return `${author} commented on a question of ${project} you follow:`;
}

function subjectOf(kind: CommentEmailKind, author: string, project: string) {
  if (kind === 'mention') return `${author} mentioned you on ${project}`;
  if (kind === 'copy') return `${author} copied you on a comment on ${project}`;
  return `${author} commented on a question of ${project}`;
}

const REPLY_LINE = 'Reply to this e-mail to add your answer to the discussion as a comment.';

export function commentEmail(input: CommentEmailInput): RenderedEmail {
  const author = oneLine(input.authorName) || 'A colleague';
  const project = oneLine(input.projectName);
  const question = shorten(oneLine(input.question), QUESTION_SHOWN);
  const opening = intro(input.kind, author, project);
  const footer =
    input.kind === 'copy'
      ? 'You received this e-mail because you were copied on the comment.'
      : 'You can turn these e-mails off in your settings.';
  const text = [
    'Hello,',
    '',
    opening,
    '',
    ...input.text.split('\n').map((line) => `> ${line}`),
    '',
    `Question: ${question}`,
    '',
    `Open the question: ${input.link}`,
    '',
    REPLY_LINE,
    footer,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
<p>Hello,</p>
<p>${escapeHtml(opening)}</p>
<blockquote style="margin: 0 0 16px; padding: 8px 14px; border-left: 3px solid #1c7ed6; background: #f5f7fa;">${escapeHtml(input.text).replace(/\n/g, '<br>')}</blockquote>
<p style="color: #52606d;"><strong>Question:</strong> ${escapeHtml(question)}</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">Open the question</a></p>
<p style="font-size: 13px; color: #52606d;">${escapeHtml(REPLY_LINE)}<br>${escapeHtml(footer)}</p>
</body>
</html>
`;
  return { subject: subjectOf(input.kind, author, project), text, html };
}
