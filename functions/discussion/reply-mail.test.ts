import { describe, expect, it } from 'vitest';
import { parseReply, replyText } from './reply-mail';

const message = (headers: Record<string, string>, body: string) =>
  Buffer.from(
    `${Object.entries({ 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}`,
  );

describe('reply text', () => {
  it('keeps the answer and drops the quoted history and the signature', () => {
    // Prepare
    const body = [
      'Yes, logs are kept for a year.',
      'Access is reviewed monthly.',
      '',
      '-- ',
      'Mia Member',
      'Initech Security',
      '',
      'On Mon, 3 Mar 2025 at 09:15, Questionnaire Workspace <no-reply@workspace.local> wrote:',
      '> Hello,',
      '> Ada Admin mentioned you in a comment',
    ].join('\n');
    // Act / Assess
    expect(replyText(body)).toBe('Yes, logs are kept for a year.\nAccess is reviewed monthly.');
  });

  it('keeps a reply without quotes as it is, trimmed, and cuts it at the comment limit', () => {
    expect(replyText('  Short answer.  \n')).toBe('Short answer.');
    expect(replyText('x'.repeat(5000))).toHaveLength(4000);
    expect(replyText('> only quoted\n> text')).toBe('');
  });
});

describe('parsing a raw reply', () => {
  it('reads the sender, every recipient (headers and envelope) and the reply text', async () => {
    // Prepare
    const raw = message(
      {
        From: 'Mia Member <Mia@Initech.test>',
        To: 'Questionnaire Workspace <reply+abc.def@reply.example.test>',
        Cc: 'boss@initech.test',
        Subject: 'Re: Ada Admin mentioned you',
      },
      'Done.\n\nOn Tue, 4 Mar 2025, Questionnaire Workspace wrote:\n> earlier text',
    );
    // Act
    const parsed = await parseReply(raw, ['Envelope@Reply.Example.test']);
    // Assess
    expect(parsed).toEqual({
      from: 'mia@initech.test',
      recipients: ['envelope@reply.example.test', 'reply+abc.def@reply.example.test', 'boss@initech.test'],
      text: 'Done.',
      spamVerdict: undefined,
      virusVerdict: undefined,
      authentication: {},
      messageId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
  });

  it("reads SES receiving's sender authentication from the topmost Authentication-Results only", async () => {
    // Prepare: SES's header on top; the sender's own claims below it, and one of another server.
    const raw = Buffer.concat([
      Buffer.from('Authentication-Results: amazonses.com;\r\n spf=pass smtp.mailfrom=mia@initech.test;\r\n'),
      Buffer.from(' dkim=fail header.i=@initech.test; dmarc=pass header.from=initech.test\r\n'),
      message(
        {
          From: 'mia@initech.test',
          To: 'reply+a.b@reply.example.test',
          'Message-ID': '<one@initech.test>',
          'Authentication-Results': 'amazonses.com; spf=pass; dkim=pass; dmarc=pass',
        },
        'Done.',
      ),
    ]);
    const elsewhere = message(
      {
        From: 'x@y.test',
        To: 'reply+a.b@reply.example.test',
        'Authentication-Results': 'mx.other.test; spf=pass; dkim=pass; dmarc=pass',
      },
      'Hi',
    );
    // Act
    const [parsed, other] = await Promise.all([parseReply(raw), parseReply(elsewhere)]);
    // Assess
    expect(parsed.authentication).toEqual({ spf: 'pass', dkim: 'fail', dmarc: 'pass' });
    expect(parsed.messageId).toBe('<one@initech.test>');
    expect(other.authentication).toEqual({});
  });

  it("reads SES receiving's spam and virus verdicts", async () => {
    // Prepare
    const raw = message(
      {
        From: 'x@y.test',
        To: 'reply+a.b@reply.example.test',
        'X-SES-Spam-Verdict': 'FAIL',
        'X-SES-Virus-Verdict': 'PASS',
      },
      'Buy now',
    );
    // Act
    const parsed = await parseReply(raw);
    // Assess
    expect(parsed.spamVerdict).toBe('FAIL');
    expect(parsed.virusVerdict).toBe('PASS');
  });

  it('takes the text of an HTML-only reply', async () => {
    // Prepare
    const raw = message(
      { From: 'x@y.test', To: 'reply+a.b@reply.example.test', 'Content-Type': 'text/html; charset=utf-8' },
      '<p>Fine by me.</p>',
    );
    // Act / Assess
    expect((await parseReply(raw)).text).toBe('Fine by me.');
  });
});
