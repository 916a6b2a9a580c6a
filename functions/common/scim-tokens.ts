/**
 * The team's SCIM token (issue 31): `scim_` + 32 random bytes (base64url) + `.` + the team id, so a
 * presented token names its team and is checked with one strongly consistent read of that team's
 * token hash (a regenerated or revoked token fails at once). Only the SHA-256 is stored; wrong tokens
 * for a team are counted like wrong API keys and lock that team's SCIM endpoint for a while.
 */
import { randomBytes } from 'node:crypto';
import { hashKey, keyMatches } from './api-keys';
import { db } from './entities';
import { TooManyRequestsError, UnauthorizedError } from './errors';
import { countInWindow, refuseWhenSpent } from './rate-limit';

const PREFIX = 'scim_';
/** The characters of a token shown after it was generated. */
const SHOWN = 12;
export const SCIM_TOKEN_FAILURES = { attempts: 20, windowSeconds: 900 };
export const SCIM_TOKEN_MESSAGES = {
  missing: 'Send the team’s SCIM token as Authorization: Bearer <token>',
  invalid: 'The SCIM token is not valid (a regenerated token replaces the previous one)',
  locked: 'Too many requests with a wrong SCIM token. Please try again later.',
} as const;

/** The team whose SCIM token signed a request. */
export interface ScimClient {
  teamId: string;
  tokenPrefix: string;
}

export function newScimToken(teamId: string) {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}.${teamId}`;
  return { token, tokenHash: hashKey(token), tokenPrefix: token.slice(0, SHOWN) };
}

const failuresBucket = (teamId: string) => `scim-token-failures#${teamId}`;
const failedAttempts = () => Number(process.env.SCIM_FAILED_TOKEN_ATTEMPTS) || SCIM_TOKEN_FAILURES.attempts;

/** Verifies `Authorization: Bearer scim_…`: 401 for anything but the team's current token. */
export async function verifyScimToken(authorization: string | undefined): Promise<ScimClient> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new UnauthorizedError(SCIM_TOKEN_MESSAGES.missing);
  const dot = token.lastIndexOf('.');
  const teamId = token.slice(dot + 1);
  if (!token.startsWith(PREFIX) || dot < 0 || token.length > 512 || !/^[A-Za-z0-9_=-]{1,128}$/.test(teamId))
    throw new UnauthorizedError(SCIM_TOKEN_MESSAGES.invalid);
  const bucket = failuresBucket(teamId);
  await refuseWhenSpent(
    bucket,
    failedAttempts(),
    SCIM_TOKEN_FAILURES.windowSeconds,
    SCIM_TOKEN_MESSAGES.locked,
  );
  const { data } = await db().entities.scimToken.get({ teamId }).go({ consistent: true });
  if (data && keyMatches(token, data.tokenHash)) return { teamId, tokenPrefix: data.tokenPrefix };
  const { count, retryAfter } = await countInWindow(bucket, SCIM_TOKEN_FAILURES.windowSeconds);
  if (count > failedAttempts())
    throw new TooManyRequestsError(SCIM_TOKEN_MESSAGES.locked, undefined, retryAfter);
  throw new UnauthorizedError(SCIM_TOKEN_MESSAGES.invalid);
}
