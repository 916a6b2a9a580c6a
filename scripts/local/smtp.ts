/**
 * The local stand-in for SES receiving: an SMTP listener on 127.0.0.1 that accepts mail for the
 * reply domain only (up to MAX_MESSAGE_BYTES), shows each message in the mail viewer (the SES
 * emulator's page, marked "[Received]") and hands it to `onMessage` (the stack stores it in the
 * emulated inbound bucket and invokes the inboundMail function, as SES receiving does on AWS). It
 * answers once the message was handled, so a sender (or a test) knows the comment exists when its
 * send resolves.
 *
 * Like SES receiving, it puts its verdicts on the sender's authentication at the top of the message
 * (`Authentication-Results: amazonses.com; spf=…; dkim=…; dmarc=…`). Without DNS it cannot check
 * them, so they are pass unless the message asks for others in a `X-Local-Authentication` header
 * (`spf=fail; dkim=pass; dmarc=pass`): how tests send mail that SES would find unauthenticated.
 */
import { createRequire } from 'node:module';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const require = createRequire(import.meta.url);

export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Subject prefix of received messages in the mail viewer; sent-mail helpers skip these. */
export const RECEIVED_MARK = '[Received]';

export interface SmtpListenerOptions {
  port: number;
  /** Recipients of any other domain are refused (550). */
  replyDomain: string;
  /** Handles one message; the text it resolves to is shown in the viewer beside the message. */
  onMessage(raw: Buffer, envelopeRecipients: string[]): Promise<string>;
}

export const LOCAL_AUTHENTICATION_HEADER = 'X-Local-Authentication';

/** The message with the listener's Authentication-Results on top (see above). */
export function withAuthenticationResults(raw: Buffer): Buffer {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headerEnd < 0 ? raw.length : headerEnd).toString('latin1');
  const asked =
    new RegExp(`^${LOCAL_AUTHENTICATION_HEADER}:(.*(?:\r\n[ \t].*)*)`, 'im').exec(head)?.[1] ?? '';
  const verdict = (method: string) =>
    new RegExp(`\\b${method}\\s*=\\s*([a-z]+)`, 'i').exec(asked)?.[1].toLowerCase() ?? 'pass';
  const results = ['spf', 'dkim', 'dmarc'].map((m) => `${m}=${verdict(m)}`).join('; ');
  return Buffer.concat([Buffer.from(`Authentication-Results: amazonses.com; ${results}\r\n`), raw]);
}

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

/** Adds a received message to the SES emulator's store (the same module instance startSes runs). */
async function showInViewer(raw: Buffer, envelope: string[], outcome: string) {
  const store: typeof import('aws-ses-v2-local/dist/store') = require('aws-ses-v2-local/dist/store');
  const mail = await simpleParser(raw).catch(() => null);
  const list = (field: unknown) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap(
      (a: { value: Array<{ address?: string }> }) => a.value.map((v) => v.address ?? ''),
    );
  store.saveEmail({
    messageId: `received-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    from: mail?.from?.text ?? '(unknown sender)',
    replyTo: [],
    destination: { to: envelope.length ? envelope : list(mail?.to), cc: list(mail?.cc), bcc: [] },
    subject: `${RECEIVED_MARK} ${mail?.subject ?? '(no subject)'} — ${outcome}`,
    body: {
      text: mail?.text ?? raw.toString('utf8'),
      html: typeof mail?.html === 'string' ? mail.html : undefined,
    },
    attachments: [],
    at: Math.floor(Date.now() / 1000),
  });
}

export async function startSmtpListener(options: SmtpListenerOptions): Promise<SMTPServer> {
  const domain = `@${options.replyDomain.toLowerCase()}`;
  const server = new SMTPServer({
    name: 'workspace.local',
    banner: 'Questionnaire Workspace reply listener',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(domain))
        return callback(smtpError(`Only replies to ${options.replyDomain} are accepted here`, 550));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
          return callback(smtpError('Message too large', 552));
        const raw = withAuthenticationResults(Buffer.concat(chunks));
        const recipients = session.envelope.rcptTo.map((a) => a.address);
        let outcome: string;
        try {
          outcome = await options.onMessage(raw, recipients);
        } catch (error) {
          outcome = `failed: ${(error as Error).message}`;
        }
        await showInViewer(raw, recipients, outcome).catch(() => {});
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return server;
}

export const closeSmtpListener = (server: SMTPServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));
