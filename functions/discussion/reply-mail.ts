/**
 * Replies to comment e-mails, as comments. `receiveReply` takes a raw MIME message (what SES
 * receiving stores in the inbound bucket on AWS, what the SMTP listener receives locally), finds a
 * reply address among its recipients and checks it (signature, expiry), takes the reply's own text
 * (quoted history and signature stripped) and posts it as a comment: by the member who sent it when
 * the sender is a member of the team who can see the project, otherwise as the sender's address
 * when it is the address the e-mail was sent to (someone copied on a comment). Anything else is
 * rejected and logged; nothing is posted.
 */
import EmailReplyParser from 'email-reply-parser';
import { type AddressObject, simpleParser } from 'mailparser';
import { COMMENT_MAX } from '../../shared/schemas/discussion';
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
  /** SES receiving's verdicts (absent locally): a FAIL is never posted. */
  spamVerdict?: string;
  virusVerdict?: string;
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

/** Posts a reply e-mail as a comment, or rejects it (logged); never throws for a bad message. */
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
  if (!reply.text) return rejected('empty reply', { from: reply.from });
  const key = { teamId: thread.teamId, projectId: thread.projectId, questionId: thread.questionId };
  const [project, question] = await Promise.all([
    repo.getProject(key.teamId, key.projectId),
    repo.getQuestion(key),
  ]);
  if (!project || !question || question.deletedAt) return rejected('question gone', key);

  const member = await repo.userByEmail(reply.from);
  const byMember =
    member &&
    member.teamId === project.teamId &&
    member.status === 'ACTIVE' &&
    canSeeProject(project, member.userId);
  if (!byMember && reply.from !== thread.recipient)
    return rejected('sender not allowed', { from: reply.from, ...key });
  const comment = await repo.createComment({
    ...key,
    commentId: newCommentId(),
    segments: [{ type: 'TEXT', content: reply.text }],
    emailList: [],
    ...(byMember ? { createdByUserId: member.userId } : { fromEmailAddress: reply.from }),
    changedBySession: '-',
  });
  logger.info('e-mail reply posted as a comment', { ...key, commentId: comment.commentId });
  return {
    posted: true,
    commentId: comment.commentId,
    projectId: key.projectId,
    questionId: key.questionId,
    ...(byMember ? { byUserId: member.userId } : { fromEmailAddress: reply.from }),
  };
}
