/**
 * E-mail in tests, both directions. Sent mail is read from the SES emulator's store (GET /store, as
 * the other tests do); replies are sent with nodemailer to the local SMTP listener that turns them
 * into comments (stack.smtpUrl, port app + 6). Messages the listener received are in the same store
 * (the mail viewer shows both), marked "[Received]"; the sent-mail helpers skip them.
 */
import nodemailer from 'nodemailer';
import { RECEIVED_MARK } from '../../scripts/local/smtp';
import type { TestStack } from './local-stack';

export interface StoredMail {
  from: string;
  to: string[];
  /** Reply-To addresses (a comment e-mail's signed reply address). */
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Seconds since the epoch. */
  at: number;
}

async function store(stack: Pick<TestStack, 'mailUrl'>): Promise<StoredMail[]> {
  const response = await fetch(`${stack.mailUrl}/store`);
  if (!response.ok) throw new Error(`The mail store answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: any[] };
  return emails.map((m) => ({
    from: String(m.from ?? ''),
    to: (m.destination?.to ?? []).map((a: string) => a.toLowerCase()),
    replyTo: (m.replyTo ?? []).map((a: string) => a.toLowerCase()),
    subject: String(m.subject ?? ''),
    text: String(m.body?.text ?? ''),
    html: String(m.body?.html ?? ''),
    at: Number(m.at ?? 0),
  }));
}

const isReceived = (m: StoredMail) => m.subject.startsWith(RECEIVED_MARK);

/** Every e-mail the product sent so far (through SES), oldest first. */
export async function sentMail(stack: Pick<TestStack, 'mailUrl'>): Promise<StoredMail[]> {
  return (await store(stack)).filter((m) => !isReceived(m));
}

/** Every message the SMTP listener received so far, oldest first (subject: "[Received] … — outcome"). */
export async function receivedMail(stack: Pick<TestStack, 'mailUrl'>): Promise<StoredMail[]> {
  return (await store(stack)).filter(isReceived);
}

/** The e-mails sent to `address` that `match`, oldest first. */
export async function mailTo(
  stack: Pick<TestStack, 'mailUrl'>,
  address: string,
  match: (mail: StoredMail) => boolean = () => true,
): Promise<StoredMail[]> {
  const wanted = address.toLowerCase();
  return (await sentMail(stack)).filter((m) => m.to.includes(wanted) && match(m));
}

/**
 * Waits for the (`after` + 1)-th e-mail to `address` that `match`es; pass as `after` how many such
 * e-mails there were before the step that sends it.
 */
export async function waitForMail(
  stack: Pick<TestStack, 'mailUrl'>,
  address: string,
  options: { match?: (mail: StoredMail) => boolean; after?: number; timeoutMs?: number } = {},
): Promise<StoredMail> {
  const { match, after = 0, timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailTo(stack, address, match);
    if (found.length > after) return found[after];
    if (Date.now() > deadline)
      throw new Error(`No e-mail #${after + 1} to ${address} (found ${found.length}) in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The signed reply address a comment e-mail carries (its Reply-To). */
export function replyAddressOf(mail: StoredMail): string {
  const address = mail.replyTo[0];
  if (!address) throw new Error(`The e-mail "${mail.subject}" has no Reply-To address`);
  return address;
}

export interface ReplyInit {
  from: string;
  /** Usually replyAddressOf(the comment e-mail). */
  to: string;
  text: string;
  subject?: string;
  /** The e-mail being answered: quoted below the reply as a mail program would ("On … wrote:"). */
  quoting?: StoredMail;
  /** Its Message-ID (nodemailer makes a new one otherwise): the same one again is a redelivery. */
  messageId?: string;
  /** Extra headers, e.g. X-Local-Authentication to have the listener find SPF, DKIM or DMARC failing. */
  headers?: Record<string, string>;
}

/** The text of a reply as mail programs write it: the answer, then the quoted original. */
export function replyBody(text: string, quoting?: StoredMail): string {
  if (!quoting) return text;
  const quoted = quoting.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `${text}\n\nOn Mon, 3 Mar 2025 at 09:15, Questionnaire Workspace <no-reply@workspace.local> wrote:\n${quoted}\n`;
}

/**
 * Sends a message to the local SMTP listener (stack.smtpUrl) with nodemailer. It resolves once the
 * listener has handled the message, so a reply that was accepted is already a comment then.
 */
export async function sendToSmtpListener(stack: Pick<TestStack, 'smtpUrl'>, init: ReplyInit) {
  const url = new URL(stack.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail({
      from: init.from,
      to: init.to,
      subject: init.subject ?? (init.quoting ? `Re: ${init.quoting.subject}` : 'Re: a comment'),
      text: replyBody(init.text, init.quoting),
      ...(init.messageId ? { messageId: init.messageId } : {}),
      ...(init.headers ? { headers: init.headers } : {}),
    });
  } finally {
    transport.close();
  }
}
