/** E-mails and notification texts of library reviews (tested in test/unit/review-emails.test.ts). */
import { escapeHtml, oneLine, type RenderedEmail } from '../../common/email';

export const dueLink = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/Answers?view=DUE_FOR_REVIEW`;

/** 2026-12-01 → 1 December 2026 (the day as written, whatever the reader's time zone). */
export function longDay(day: string) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const short = (text: string, max = 120) => {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function reviewDueTexts(input: { question: string; dueOn: string }) {
  return {
    title: 'A library answer you own is due for review',
    description: `"${short(input.question)}" was due for review on ${longDay(input.dueOn)}. Confirm it is still true, edit it or archive it.`,
  };
}

function page(lines: string[], label: string, link: string, list: string[] = []) {
  return `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5;">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${list.length ? `<ul>\n${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>` : ''}
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">${label}</a></p>
</body>
</html>
`;
}

const LABEL = 'Open Due for review';

export function reviewDueEmail(input: { question: string; dueOn: string; link: string }): RenderedEmail {
  const { title, description } = reviewDueTexts(input);
  const lines = ['Hello,', description, 'It is in Needs Review until someone reviews it.'];
  return {
    subject: title,
    text: [...lines, '', `${LABEL}: ${input.link}`, ''].join('\n'),
    html: page(lines, LABEL, input.link),
  };
}

/** The weekly digest: an owner's answers due within the week, or overdue, soonest first. */
export function reviewDigestEmail(input: {
  answers: Array<{ question: string; dueOn: string }>;
  today: string;
  link: string;
}): RenderedEmail {
  const count = input.answers.length;
  const overdue = input.answers.filter((a) => a.dueOn < input.today).length;
  const subject = `${count} library answer${count === 1 ? '' : 's'} due for review`;
  const lines = [
    'Hello,',
    `${count} library answer${count === 1 ? '' : 's'} you own ${count === 1 ? 'is' : 'are'} due for review this week${overdue ? ` (${overdue} overdue)` : ''}:`,
  ];
  const list = input.answers.map(
    (a) => `${short(a.question)} (${a.dueOn < input.today ? 'was due' : 'due'} ${longDay(a.dueOn)})`,
  );
  return {
    subject,
    text: [...lines, ...list.map((l) => `- ${l}`), '', `${LABEL}: ${input.link}`, ''].join('\n'),
    html: page(lines, LABEL, input.link, list),
  };
}
