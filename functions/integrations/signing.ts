/**
 * Signatures of webhook deliveries, as the Standard Webhooks specification (standardwebhooks.com)
 * defines them, so receivers can verify with its libraries: the secret is `whsec_` and the base64 of
 * 32 random bytes; each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`, space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per
 * secret in use (the previous secret's too for a while after a rotation).
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export const newSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** What the settings show of a secret: its start. */
export const secretPrefix = (secret: string) => `${secret.slice(0, PREFIX.length + 6)}…`;

export function signature(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one attempt, signed with every secret given (the current one first). */
export function signedHeaders(secrets: string[], id: string, body: string, at = Date.now()) {
  const timestamp = Math.floor(at / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}
