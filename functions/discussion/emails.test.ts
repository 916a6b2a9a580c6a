import { describe, expect, it } from 'vitest';
import { commentEmail, commentText, questionLink } from './emails';

describe('comment e-mails', () => {
  it('writes mentions as @Full Name, and a former member as such', () => {
    // Act
    const text = commentText(
      [
        { type: 'TEXT', content: 'Over to you, ' },
        { type: 'MEMBER', content: 'u1' },
        { type: 'TEXT', content: ' and ' },
        { type: 'MEMBER', content: 'gone' },
      ],
      new Map([['u1', 'Mia Member']]),
    );
    // Assess
    expect(text).toBe('Over to you, @Mia Member and @a former member');
  });

  it('shows the comment, the project, the question and the link; escapes HTML; one-line subjects', () => {
    // Act
    const email = commentEmail({
      kind: 'mention',
      authorName: 'Ada <b>Admin</b>\r\nBcc: x@y.test',
      projectName: 'Initech Review',
      question: 'Do you <encrypt> data at rest?',
      text: 'Line one\nLine <two>',
      link: questionLink('https://app.example.test/', 'p 1', 'q1'),
    });
    // Assess
    expect(email.subject).toBe('Ada <b>Admin</b> Bcc: x@y.test mentioned you on Initech Review');
    expect(email.text).toContain('> Line one\n> Line <two>');
    expect(email.text).toContain('Question: Do you <encrypt> data at rest?');
    expect(email.text).toContain('https://app.example.test/Projects/p%201/q1');
    expect(email.text).toContain('Reply to this e-mail');
    expect(email.html).toContain('Line one<br>Line &lt;two&gt;');
    expect(email.html).toContain('Do you &lt;encrypt&gt; data at rest?');
    expect(email.html).not.toContain('<b>Admin</b>');
  });

  it('words each kind of e-mail for its recipient', () => {
    const base = { authorName: 'Max Manager', projectName: 'P', question: 'Q?', text: 'T', link: 'L' };
    expect(commentEmail({ ...base, kind: 'reply' }).subject).toBe('Max Manager commented on a question of P');
    expect(commentEmail({ ...base, kind: 'copy' }).subject).toBe('Max Manager copied you on a comment on P');
    expect(commentEmail({ ...base, kind: 'copy' }).text).toContain('because you were copied');
    expect(commentEmail({ ...base, kind: 'mention' }).text).toContain('turn these e-mails off');
  });
});
