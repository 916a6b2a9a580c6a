/**
 * Reply addresses of comment e-mails: `reply+<payload>.<signature>@<reply domain>`, where the
 * payload is a reply thread's id (12 bytes, derived from the question and the recipient) and an
 * expiry (4 bytes, seconds), and the signature is HMAC-SHA256 over them with the stage's signing
 * secret, cut to 10 bytes (80 bits: unguessable). Both are lower-case hex, so an address survives
 * mail systems that change the case of local parts, and the local part stays within RFC 5321's 64
 * characters (59). Pure: the secret and the clock are arguments.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a reply address is accepted after the e-mail that carries it was sent. */
export const REPLY_ADDRESS_DAYS = 60;
const ID_BYTES = 12;
const SIGNATURE_BYTES = 10;
const PREFIX = 'reply+';

export interface ThreadRef {
  teamId: string;
  projectId: string;
  questionId: string;
  /** The address the e-mail goes to (compared in lower case). */
  recipient: string;
}

const hmac = (secret: string, purpose: string, data: Buffer | string) =>
  createHmac('sha256', secret).update(`${purpose}\n`).update(data).digest();

/** The thread id of a question and recipient: the same for every e-mail to them about it. */
export function replyIdOf(secret: string, ref: ThreadRef): string {
  const material = [ref.teamId, ref.projectId, ref.questionId, ref.recipient.trim().toLowerCase()].join('\n');
  return hmac(secret, 'reply-thread', material).subarray(0, ID_BYTES).toString('hex');
}

/** The address that comes back to this thread until `expiresAt` (seconds since the epoch). */
export function replyAddress(secret: string, domain: string, replyId: string, expiresAt: number): string {
  const payload = Buffer.alloc(ID_BYTES + 4);
  Buffer.from(replyId, 'hex').copy(payload, 0, 0, ID_BYTES);
  payload.writeUInt32BE(expiresAt, ID_BYTES);
  const signature = hmac(secret, 'reply-address', payload).subarray(0, SIGNATURE_BYTES);
  return `${PREFIX}${payload.toString('hex')}.${signature.toString('hex')}@${domain.toLowerCase()}`;
}

export const replyExpiry = (now = Date.now()) => Math.floor(now / 1000) + REPLY_ADDRESS_DAYS * 24 * 60 * 60;

export type ReplyAddressCheck =
  | { ok: true; replyId: string; expiresAt: number }
  | { ok: false; reason: 'not a reply address' | 'bad signature' | 'expired' };

const SHAPE = new RegExp(
  `^${PREFIX.replace('+', '\\+')}([0-9a-f]{${(ID_BYTES + 4) * 2}})\\.([0-9a-f]{${SIGNATURE_BYTES * 2}})@(.+)$`,
);

/** Whether `address` is a reply address of `domain` this secret signed and that has not expired. */
export function checkReplyAddress(
  secret: string,
  domain: string,
  address: string,
  now = Date.now(),
): ReplyAddressCheck {
  const match = SHAPE.exec(address.trim().toLowerCase());
  if (!match || match[3] !== domain.toLowerCase()) return { ok: false, reason: 'not a reply address' };
  const payload = Buffer.from(match[1], 'hex');
  const expected = hmac(secret, 'reply-address', payload).subarray(0, SIGNATURE_BYTES);
  if (!timingSafeEqual(expected, Buffer.from(match[2], 'hex'))) return { ok: false, reason: 'bad signature' };
  const expiresAt = payload.readUInt32BE(ID_BYTES);
  if (expiresAt * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, replyId: payload.subarray(0, ID_BYTES).toString('hex'), expiresAt };
}

/** Whether an address is on the reply domain at all (what the SMTP listener accepts). */
export const isReplyDomainAddress = (domain: string, address: string) =>
  address.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
