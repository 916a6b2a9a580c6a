/** E-mails about projects, rendered here and tested in test/unit/project-emails.test.ts. */
import { escapeHtml, oneLine, type RenderedEmail } from '../common/email';

export const MANAGER_ROLES = {
  salesManagerUserId: 'sales manager',
  deliveryManagerUserId: 'delivery manager',
} as const;

export const projectLink = (appUrl: string, projectId: string) =>
  `${appUrl.replace(/\/+$/, '')}/Projects/${encodeURIComponent(projectId)}`;

function render(subject: string, lines: string[], action: { label: string; href: string }): RenderedEmail {
  const text = [...lines, '', `${action.label}: ${action.href}`, ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
${lines
  .filter(Boolean)
  .map((line) => `<p>${escapeHtml(line)}</p>`)
  .join('\n')}
<p><a href="${escapeHtml(action.href)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(action.label)}</a></p>
<p style="font-size: 13px; color: #52606d;">You can turn these e-mails off in your settings.</p>
</body>
</html>
`;
  return { subject, text, html };
}

export function projectAssignedEmail(input: {
  assignerName: string;
  projectName: string;
  role: keyof typeof MANAGER_ROLES;
  dueOn: string;
  link: string;
}): RenderedEmail {
  const assigner = oneLine(input.assignerName) || 'A colleague';
  const project = oneLine(input.projectName);
  const role = MANAGER_ROLES[input.role];
  return render(
    `You are now the ${role} of ${project}`,
    ['Hello,', `${assigner} made you the ${role} of the project ${project}, due ${input.dueOn}.`],
    { label: 'Open the project', href: input.link },
  );
}

export function projectCreatedEmail(input: {
  creatorName: string;
  projectName: string;
  dueOn: string;
  link: string;
}): RenderedEmail {
  const creator = oneLine(input.creatorName) || 'A colleague';
  const project = oneLine(input.projectName);
  return render(
    `New project: ${project}`,
    ['Hello,', `${creator} created the project ${project}, due ${input.dueOn}.`],
    { label: 'Open the project', href: input.link },
  );
}
