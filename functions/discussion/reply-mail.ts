/**
 * Replies to comment e-mails, as comments. `receiveReply` takes a raw MIME message (what SES
 * receiving stores in the inbound bucket on AWS, what the SMTP listener receives locally), finds a
 * reply address among its recipients and checks it (signature, expiry), and posts the reply's own
 * text (quoted history and signature stripped) as a comment, only as the one recipient that address
 * was issued to: the From address must be theirs, SES receiving's SPF, DKIM and DMARC verdicts must
 * all be PASS, and a member must still be able to see the project (checked on every reply). A
 * message is posted once, whatever the number of deliveries (its Message-ID). Anything else is
 * refused and logged, with its reason; nothing is posted.
 */

import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { type AddressObject, simpleParser } from 'mailparser';
import { COMMENT_MAX } from '../../shared/schemas/values';
import { config, replySigningSecret } from '../common/config';
import { canSeeProject } from '../common/entities';
import { logger } from '../common/logger';
import { newCommentId } from './entities/comment';
import { checkReplyAddress } from './reply-address';
import * as repo from './repo';

export interface ParsedReply {
  from: string | null;
  /** Every recipient: To and Cc headers, and the envelope's when known. */
  recipients: string[];
  /** The reply's own text: no quoted history, no signature. */
  text: string;
  /** SES receiving's verdicts: a FAIL is never posted. */
  spamVerdict?: string;
  virusVerdict?: string;
  /** SES receiving's sender authentication (its Authentication-Results header), lower case. */
  authentication: { spf?: string; dkim?: string; dmarc?: string };
  /** The Message-ID header, or a digest of the message when it has none. */
  messageId: string;
}

/** The receiving side's identifier in Authentication-Results (SES receiving; the local listener too). */
export const AUTHSERV_ID = 'amazonses.com';

/**
 * The verdicts of the topmost Authentication-Results header written by SES receiving: a header
 * lower down, or one naming another server, came with the message and proves nothing.
 */
export function authenticationOf(
  headerLines: ReadonlyArray<{ key: string; line: string }>,
): ParsedReply['authentication'] {
  const header = headerLines.find((h) => h.key === 'authentication-results');
  if (!header) return {};
  const value = header.line.replace(/^[^:]*:/, '').replace(/\r?\n[ \t]+/g, ' ');
  const [authserv, ...results] = value.split(';').map((part) => part.trim());
  if (authserv.split(/\s/)[0].toLowerCase() !== AUTHSERV_ID) return {};
  const verdicts: ParsedReply['authentication'] = {};
  for (const result of results) {
    const match = /^(spf|dkim|dmarc)\s*=\s*([a-z]+)/i.exec(result);
    if (match) {
      const method = match[1].toLowerCase() as keyof ParsedReply['authentication'];
      verdicts[method] ??= match[2].toLowerCase();
    }
  }
  return verdicts;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.trim().toLowerCase())
    .filter((a): a is string => Boolean(a));

/** The reply text of a plain-text body: quoted lines, the "On … wrote:" header and signatures removed. */
export function replyText(body: string) {
  const visible = new EmailReplyParser().parseReply(body.replace(/\r\n/g, '\n'));
  return visible
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, COMMENT_MAX);
}

/** Pure: the parts of a raw message a reply needs. */
export async function parseReply(raw: Buffer, envelopeRecipients: string[] = []): Promise<ParsedReply> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  };
  const body = mail.text ?? (typeof mail.html === 'string' ? mail.html.replace(/<[^>]+>/g, ' ') : '');
  return {
    from: addresses(mail.from)[0] ?? null,
    recipients: [
      ...new Set([
        ...envelopeRecipients.map((a) => a.trim().toLowerCase()),
        ...addresses(mail.to),
        ...addresses(mail.cc),
      ]),
    ],
    text: replyText(body),
    spamVerdict: header('x-ses-spam-verdict'),
    virusVerdict: header('x-ses-virus-verdict'),
    authentication: authenticationOf(mail.headerLines),
    messageId: mail.messageId?.trim() || `sha256:${createHash('sha256').update(raw).digest('hex')}`,
  };
}

export type ReplyOutcome =
  | {
      posted: true;
      commentId: string;
      projectId: string;
      questionId: string;
      byUserId?: string;
      fromEmailAddress?: string;
    }
  | { posted: false; reason: string };

function rejected(reason: string, details: Record<string, unknown> = {}): ReplyOutcome {
  logger.warn('e-mail reply rejected', { reason, ...details });
  return { posted: false, reason };
}

/** Why a message is refused when its sender is not authenticated, or undefined when it is. */
function unauthenticated({ authentication }: ParsedReply): string | undefined {
  for (const method of ['spf', 'dkim', 'dmarc'] as const) {
    const verdict = authentication[method];
    if (verdict !== 'pass') return `${method.toUpperCase()} ${verdict ? verdict.toUpperCase() : 'missing'}`;
  }
  return undefined;
}

/** Posts a reply e-mail as a comment, or refuses it (logged); never throws for a bad message. */
export async function receiveReply(
  raw: Buffer,
  options: { envelopeRecipients?: string[]; now?: number } = {},
): Promise<ReplyOutcome> {
  let reply: ParsedReply;
  try {
    reply = await parseReply(raw, options.envelopeRecipients);
  } catch (error) {
    return rejected('unreadable message', { error: (error as Error).message });
  }
  if (reply.spamVerdict === 'FAIL' || reply.virusVerdict === 'FAIL') return rejected('spam or virus');
  if (!reply.from) return rejected('no sender');
  const secret = await replySigningSecret();
  const domain = config.replyDomain;
  const checks = reply.recipients.map((address) => checkReplyAddress(secret, domain, address, options.now));
  const valid = checks.find((c) => c.ok);
  if (!valid?.ok) {
    const reason = checks.find((c) => !c.ok && c.reason !== 'not a reply address');
    return rejected(reason && !reason.ok ? reason.reason : 'no reply address', { from: reply.from });
  }
  const thread = await repo.getReplyThread(valid.replyId);
  if (!thread) return rejected('unknown reply thread', { from: reply.from });
  // The address was issued to one recipient: only they may reply through it.
  if (reply.from !== thread.recipient) return rejected('sender not allowed', { from: reply.from });
  const notAuthenticated = unauthenticated(reply);
  if (notAuthenticated)
    return rejected(`sender not authenticated (${notAuthenticated})`, { from: reply.from });
  if (!reply.text) return rejected('empty reply', { from: reply.from });
  const key = { teamId: thread.teamId, projectId: thread.projectId, questionId: thread.questionId };
  const [project, question] = await Promise.all([
    repo.getProject(key.teamId, key.projectId),
    repo.getQuestion(key),
  ]);
  if (!project || !question || question.deletedAt) return rejected('question gone', key);

  // A member (the one the address was issued to, or a member copied by address) must still be
  // able to see the project now; an address outside the team posts as that address.
  const byAddress = await repo.userByEmail(thread.recipient);
  const user = thread.recipientUserId
    ? byAddress?.userId === thread.recipientUserId
      ? byAddress
      : null
    : byAddress?.teamId === project.teamId
      ? byAddress
      : undefined;
  if (user === null) return rejected('recipient no longer has access', key);
  if (
    user &&
    !(user.teamId === project.teamId && user.status === 'ACTIVE' && canSeeProject(project, user.userId))
  )
    return rejected('recipient no longer has access', key);

  const comment = {
    ...key,
    commentId: newCommentId(),
    segments: [{ type: 'TEXT', content: reply.text }],
    emailList: [],
    ...(user ? { createdByUserId: user.userId } : { fromEmailAddress: thread.recipient }),
    changedBySession: '-',
  };
  const receiptId = createHash('sha256').update(`${thread.replyId}\n${reply.messageId}`).digest('hex');
  const posted = await repo.createReplyComment(comment, { receiptId, expiresAt: valid.expiresAt });
  if (!posted) return rejected('already posted', { ...key, messageId: reply.messageId });
  logger.info('e-mail reply posted as a comment', { ...key, commentId: comment.commentId });
  return {
    posted: true,
    commentId: comment.commentId,
    projectId: key.projectId,
    questionId: key.questionId,
    ...(user ? { byUserId: user.userId } : { fromEmailAddress: thread.recipient }),
  };
}
