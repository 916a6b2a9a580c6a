/**
 * The public analytics API's credentials (spec 002 §7.8): the client id is `client_` and the team
 * id; the key is 32 random bytes (base64url) after a recognisable prefix. Only the key's SHA-256
 * is stored; a presented key is compared with it in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { db } from './entities';
import { TooManyRequestsError, UnauthorizedError } from './errors';
import { countInWindow, rateLimit, refuseWhenSpent } from './rate-limit';

export const CLIENT_ID_PREFIX = 'client_';
const KEY_PREFIX = 'qwk_';
/** The characters shown of a key once it was generated. */
const SHOWN = 12;

export const clientIdOf = (teamId: string) => `${CLIENT_ID_PREFIX}${teamId}`;
export const teamIdOfClient = (clientId: string) =>
  clientId.startsWith(CLIENT_ID_PREFIX) ? clientId.slice(CLIENT_ID_PREFIX.length) : null;

export const hashKey = (apiKey: string) => createHash('sha256').update(apiKey, 'utf8').digest('hex');

export function newApiKey() {
  const apiKey = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { apiKey, keyHash: hashKey(apiKey), keyPrefix: apiKey.slice(0, SHOWN) };
}

/** Whether `presented` is the key whose hash is `keyHash` (constant time over the hashes). */
export function keyMatches(presented: string, keyHash: string) {
  const a = Buffer.from(hashKey(presented), 'hex');
  const b = Buffer.from(keyHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The team a verified request of the public API acts for. */
export interface ApiClient {
  teamId: string;
  keyPrefix: string;
}

/**
 * Calls per client id (that is, per team) per minute; more answer 429 with Retry-After. Counted by
 * client id, so generating a new key does not give a fresh quota.
 */
export const API_CALLS_PER_MINUTE = 60;
/** The limit in force: API_CALLS_PER_MINUTE unless the stage sets another (the route sweeps raise it). */
const callsPerMinute = () => Number(process.env.API_CALLS_PER_MINUTE) || API_CALLS_PER_MINUTE;
/**
 * Wrong keys per client id in a window: past them every call with that client id, the right key's
 * too, answers 429 until the window ends (Retry-After says when).
 */
export const API_KEY_FAILURES = { attempts: 10, windowSeconds: 900 };
/** The attempts in force: API_KEY_FAILURES.attempts unless the stage sets another (the route sweeps raise it). */
const failedAttempts = () => Number(process.env.API_FAILED_KEY_ATTEMPTS) || API_KEY_FAILURES.attempts;
export const API_KEY_MESSAGES = {
  missing: 'Send your client id and API key in the client_id and client_secret headers',
  invalid: 'The client id or API key is not valid (a regenerated key replaces the previous one)',
  locked: 'Too many attempts with a wrong API key for this client id. Please try again later.',
} as const;

const failuresBucket = (teamId: string) => `api-key-failures#${teamId}`;

/** Counts a wrong key against the client id: 401, or 429 once the attempts are spent. */
async function refuseWrongKey(teamId: string): Promise<never> {
  const { count, retryAfter } = await countInWindow(failuresBucket(teamId), API_KEY_FAILURES.windowSeconds);
  if (count > failedAttempts())
    throw new TooManyRequestsError(API_KEY_MESSAGES.locked, undefined, retryAfter);
  throw new UnauthorizedError(API_KEY_MESSAGES.invalid);
}

/**
 * Verifies the public API's headers: the team named by the client id must hold a key whose hash is
 * the presented key's (a strongly consistent read, so a regenerated key revokes the old one at
 * once). 401 otherwise, the same for a wrong team and a wrong key; a client id that had
 * API_KEY_FAILURES.attempts wrong keys in the window answers 429 whatever key comes with it.
 */
export async function verifyApiClient(
  clientId: string | undefined,
  secret: string | undefined,
): Promise<ApiClient> {
  if (!clientId || !secret) throw new UnauthorizedError(API_KEY_MESSAGES.missing);
  const teamId = teamIdOfClient(clientId.trim());
  if (!teamId || teamId.length > 128) throw new UnauthorizedError(API_KEY_MESSAGES.invalid);
  await refuseWhenSpent(
    failuresBucket(teamId),
    failedAttempts(),
    API_KEY_FAILURES.windowSeconds,
    API_KEY_MESSAGES.locked,
  );
  if (secret.length > 256) return refuseWrongKey(teamId);
  const { data } = await db().entities.apiKey.get({ teamId }).go({ consistent: true });
  if (!data || !keyMatches(secret.trim(), data.keyHash)) return refuseWrongKey(teamId);
  return { teamId, keyPrefix: data.keyPrefix };
}

/** Counts a valid call against its client id's limit: 429 with Retry-After past API_CALLS_PER_MINUTE. */
export async function countApiCall(client: ApiClient) {
  await rateLimit(`api-calls#${client.teamId}`, callsPerMinute(), 60);
}
