/**
 * The public analytics API's credentials (spec 002 §7.8): the client id is `client_` and the team
 * id; the key is 32 random bytes (base64url) after a recognisable prefix. Only the key's SHA-256
 * is stored; a presented key is compared with it in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { db } from './entities';
import { UnauthorizedError } from './errors';
import { rateLimit } from './rate-limit';

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

/** Calls per key per minute; more answer 429 with Retry-After. */
export const API_CALLS_PER_MINUTE = 60;
/** The limit in force: API_CALLS_PER_MINUTE unless the stage sets another (the route sweeps raise it). */
const callsPerMinute = () => Number(process.env.API_CALLS_PER_MINUTE) || API_CALLS_PER_MINUTE;
export const API_KEY_MESSAGES = {
  missing: 'Send your client id and API key in the client_id and client_secret headers',
  invalid: 'The client id or API key is not valid (a regenerated key replaces the previous one)',
} as const;

/**
 * Verifies the public API's headers: the team named by the client id must hold a key whose hash is
 * the presented key's (a strongly consistent read, so a regenerated key revokes the old one at
 * once). 401 otherwise, the same for a wrong team and a wrong key.
 */
export async function verifyApiClient(
  clientId: string | undefined,
  secret: string | undefined,
): Promise<ApiClient> {
  if (!clientId || !secret) throw new UnauthorizedError(API_KEY_MESSAGES.missing);
  const teamId = teamIdOfClient(clientId.trim());
  if (!teamId || teamId.length > 128 || secret.length > 256)
    throw new UnauthorizedError(API_KEY_MESSAGES.invalid);
  const { data } = await db().entities.apiKey.get({ teamId }).go({ consistent: true });
  if (!data || !keyMatches(secret.trim(), data.keyHash))
    throw new UnauthorizedError(API_KEY_MESSAGES.invalid);
  return { teamId, keyPrefix: data.keyPrefix };
}

/** Counts a valid call against its key's limit: 429 with Retry-After past API_CALLS_PER_MINUTE. */
export async function countApiCall(client: ApiClient) {
  await rateLimit(`api-key#${client.teamId}#${client.keyPrefix}`, callsPerMinute(), 60);
}
