/** The e-mail a quiz's recipient gets (tested in functions/quizzes/emails.test.ts). */
import { escapeHtml, oneLine, type RenderedEmail } from '../common/email';

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/**
 * Where the recipient goes: the team inbox when the address already signs in; otherwise the
 * sign-up page with the address filled in (after registration the inbox holds the quiz).
 */
export const quizInviteLink = (appUrl: string, email: string, hasAccount: boolean) =>
  hasAccount
    ? `${base(appUrl)}/Quiz/?tab=inbox`
    : `${base(appUrl)}/Signup?email=${encodeURIComponent(email)}`;

export function quizInviteEmail(input: {
  senderName: string;
  senderTeamName: string;
  quizName: string;
  quizDescription: string;
  questionCount: number;
  email: string;
  link: string;
  hasAccount: boolean;
}): RenderedEmail {
  const sender = oneLine(input.senderName) || 'Someone';
  const team = oneLine(input.senderTeamName);
  const quiz = oneLine(input.quizName);
  const from = team ? `${sender} of ${team}` : sender;
  const subject = `${from} sent you a questionnaire: ${quiz}`;
  const questions = `${input.questionCount} question${input.questionCount === 1 ? '' : 's'}`;
  const lines = [
    'Hello,',
    `${from} asked you to answer "${quiz}" (${questions}).`,
    oneLine(input.quizDescription),
    input.hasAccount
      ? 'It is waiting in your team inbox in Quiz Central. Accepting it creates a project your team can answer together; the answers go back when you close the project.'
      : `Create your account with this e-mail address (${input.email}) to answer it. After you register, it is waiting in your team inbox in Quiz Central.`,
  ].filter(Boolean);
  const label = input.hasAccount ? 'Open your inbox' : 'Create your account';
  const text = [
    ...lines,
    '',
    `${label}: ${input.link}`,
    '',
    'If you were not expecting this, you can ignore this e-mail.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">${label}</a></p>
<p style="font-size: 13px; color: #52606d;">Or open this link: <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size: 13px; color: #52606d;">If you were not expecting this, you can ignore this e-mail.</p>
</body>
</html>
`;
  return { subject, text, html };
}
