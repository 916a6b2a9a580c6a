import { describe, expect, it } from 'vitest';
import { webhookDisabledEmail } from './emails';

describe('the e-mail that a webhook was turned off', () => {
  it('names the endpoint and links to Settings → Integrations, escaping what came from people', () => {
    const email = webhookDisabledEmail({
      url: 'https://hooks.example.com/in?a=1&b=<2>',
      teamName: 'Acme\r\nBcc: evil@example.com',
      appUrl: 'https://app.example.com/',
    });
    expect(email.subject).toBe('A webhook of Acme Bcc: evil@example.com was turned off');
    expect(email.text).toContain('https://hooks.example.com/in?a=1&b=<2>');
    expect(email.text).toContain('https://app.example.com/Settings?tab=integrations');
    expect(email.html).toContain('https://hooks.example.com/in?a=1&amp;b=&lt;2&gt;');
    expect(email.html).not.toContain('<2>');
  });
});
