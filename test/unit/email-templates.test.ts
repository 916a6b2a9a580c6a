/** The invitation e-mail: subject, link and both bodies, with whatever people typed kept harmless. */
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../functions/common/email';
import { invitationEmail, invitationLink } from '../../functions/team/emails';

const base = {
  senderName: 'Alice Smith',
  teamName: 'Acme Security',
  email: 'bob+sales@acme.test',
  appUrl: 'https://app.example.com',
};

describe('invitation e-mail', () => {
  it('names the sender and the team in the subject', () => {
    expect(invitationEmail(base).subject).toBe('Alice Smith invited you to join Acme Security');
  });

  it('links to sign-up with the e-mail URL-encoded, in the text and the HTML', () => {
    const link = 'https://app.example.com/Signup?email=bob%2Bsales%40acme.test';
    expect(invitationLink('https://app.example.com/', 'bob+sales@acme.test')).toBe(link);
    const email = invitationEmail(base);
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.text).toContain('Alice Smith invited you to join Acme Security');
    expect(email.html).toContain(`<a href="${link}"`);
    expect(email.html).toContain(
      '<strong>Alice Smith</strong> invited you to join <strong>Acme Security</strong>',
    );
  });

  it('escapes HTML in names so a team name cannot inject markup', () => {
    const email = invitationEmail({
      ...base,
      senderName: 'Mallory <img src=x onerror=alert(1)>',
      teamName: 'R&D "Team" <script>alert(1)</script>',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('Mallory &lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('R&amp;D &quot;Team&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    // Plain text is not HTML: it keeps the characters as typed.
    expect(email.text).toContain('R&D "Team" <script>alert(1)</script>');
  });

  it('escapes the link inside the href attribute', () => {
    const email = invitationEmail({ ...base, appUrl: 'https://app.example.com/"><script>' });
    expect(email.html).not.toContain('"><script>');
    expect(email.html).toContain('href="https://app.example.com/&quot;&gt;&lt;script&gt;/Signup?email=');
  });

  it('keeps the subject on one line whatever the names contain', () => {
    const email = invitationEmail({
      ...base,
      senderName: 'Alice\r\nBcc: victim@example.com',
      teamName: 'Acme\tSecurity\n',
    });
    expect(email.subject).toBe('Alice Bcc: victim@example.com invited you to join Acme Security');
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
