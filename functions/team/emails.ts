import { escapeHtml, oneLine, type RenderedEmail } from '../common/email';

/** Where an invited person creates their account: the sign-up page, with the e-mail filled in. */
export const invitationLink = (appUrl: string, email: string) =>
  `${appUrl.replace(/\/+$/, '')}/Signup?email=${encodeURIComponent(email)}`;

export function invitationEmail(input: {
  senderName: string;
  teamName: string;
  email: string;
  appUrl: string;
}): RenderedEmail {
  const sender = oneLine(input.senderName) || 'A colleague';
  const team = oneLine(input.teamName);
  const link = invitationLink(input.appUrl, input.email);
  const subject = `${sender} invited you to join ${team}`;
  const text = [
    'Hello,',
    '',
    `${sender} invited you to join ${team}, a team that answers security and compliance questionnaires together.`,
    '',
    `Create your account with this e-mail address (${input.email}) to accept the invitation:`,
    link,
    '',
    'Already have an account? Sign in and the invitation will be waiting for you.',
    '',
    'If you were not expecting this invitation, you can ignore this e-mail.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
<p>Hello,</p>
<p><strong>${escapeHtml(sender)}</strong> invited you to join <strong>${escapeHtml(team)}</strong>, a team that answers security and compliance questionnaires together.</p>
<p>Create your account with this e-mail address (${escapeHtml(input.email)}) to accept the invitation:</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">Accept the invitation</a></p>
<p style="font-size: 13px; color: #52606d;">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>Already have an account? Sign in and the invitation will be waiting for you.</p>
<p style="font-size: 13px; color: #52606d;">If you were not expecting this invitation, you can ignore this e-mail.</p>
</body>
</html>
`;
  return { subject, text, html };
}
