/** The question-assigned e-mail: subject, quote, link, and what people typed kept harmless. */
import { describe, expect, it } from 'vitest';
import { excerpt, questionAssignedEmail, questionLink } from './emails';

const base = {
  assignerName: 'Ada Admin',
  projectName: 'Acme Vendor Assessment',
  question: 'Do you encrypt data at rest?',
  referenceNumber: 'ENC-1',
  link: questionLink('https://app.example.com/', 'p 1', 'q1'),
};

describe('question assigned e-mail', () => {
  it('names the project in the subject and quotes the question with its reference', () => {
    // Act
    const email = questionAssignedEmail(base);
    // Assess
    expect(email.subject).toBe('You have been assigned a question in Acme Vendor Assessment');
    expect(email.text).toContain('Ada Admin assigned you a question in the project Acme Vendor Assessment:');
    expect(email.text).toContain('ENC-1 Do you encrypt data at rest?');
    expect(email.text).toContain('Answer the question: https://app.example.com/Projects/p%201/q1');
    expect(email.html).toContain('<a href="https://app.example.com/Projects/p%201/q1"');
  });

  it('escapes markup and keeps the subject one line', () => {
    // Act
    const email = questionAssignedEmail({
      ...base,
      assignerName: '',
      projectName: 'R&D\r\nBcc: x@y.test <b>',
      question: '<script>alert(1)</script>',
    });
    // Assess
    expect(email.subject).toBe('You have been assigned a question in R&D Bcc: x@y.test <b>');
    expect(email.text).toContain('A colleague assigned you');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('R&amp;D Bcc: x@y.test &lt;b&gt;');
  });

  it('shortens long questions to one line', () => {
    expect(excerpt('a\nb', 10)).toBe('a b');
    expect(excerpt('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
