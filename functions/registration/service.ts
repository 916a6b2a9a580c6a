import type { RegistrationRequest } from '../../shared/schemas/user';
import { ConflictError, UnprocessableError } from '../common/errors';
import { rateLimit } from '../common/rate-limit';
import { findPoolUser } from './identity-provider';
import * as repo from './repo';

export const REGISTRATION_LIMIT = { perIp: 20, perEmail: 5, windowSeconds: 600 };

/**
 * Complete registration: creates the user record for a confirmed identity that has none yet. The
 * route carries no token, so the e-mail must belong to a confirmed user of the pool, and calls are
 * rate limited per source address and per e-mail.
 */
export async function completeRegistration(input: RegistrationRequest, sourceIp: string) {
  await rateLimit(`registration:ip:${sourceIp}`, REGISTRATION_LIMIT.perIp, REGISTRATION_LIMIT.windowSeconds);
  await rateLimit(
    `registration:email:${input.emailAddress}`,
    REGISTRATION_LIMIT.perEmail,
    REGISTRATION_LIMIT.windowSeconds,
  );
  const poolUser = await findPoolUser(input.emailAddress);
  if (!poolUser)
    throw new UnprocessableError('There is no account for this e-mail address. Please sign up first.');
  if (!poolUser.confirmed)
    throw new UnprocessableError('Please confirm your e-mail address before registering.');
  const created = await repo.createUser({
    userId: poolUser.sub,
    emailAddress: input.emailAddress,
    givenName: input.givenName,
    lastName: input.lastName,
    // Registration happens in a signed-in session: the person has been seen.
    lastSeen: new Date().toISOString(),
  });
  if (!created) throw new ConflictError('This account has already completed registration.');
  return { userId: poolUser.sub };
}

export const SSO_LOOKUP_LIMIT = { perIp: 60, windowSeconds: 60 };

/** The public single sign-on lookups: one GetItem on the value itself, rate limited per address. */
async function lookupSso(kind: 'ALIAS' | 'DOMAIN', value: string, sourceIp: string) {
  await rateLimit(`sso:ip:${sourceIp}`, SSO_LOOKUP_LIMIT.perIp, SSO_LOOKUP_LIMIT.windowSeconds);
  const lookup = await repo.ssoLookup(kind, value);
  return { providerName: lookup?.providerName ?? null };
}

export const ssoByAlias = (alias: string, sourceIp: string) => lookupSso('ALIAS', alias, sourceIp);
export const ssoByDomain = (domain: string, sourceIp: string) => lookupSso('DOMAIN', domain, sourceIp);

/**
 * Saves a team's provider and one lookup item per alias and domain, in one transaction. An alias or
 * domain already pointing at another team is refused; saving the same settings again is a no-op.
 */
export async function saveTeamSso(
  teamId: string,
  providerName: string,
  { aliases, domains }: { aliases: string[]; domains: string[] },
) {
  const normalise = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))];
  if (!(await repo.saveSso(teamId, providerName, normalise(aliases), normalise(domains)))) {
    throw new ConflictError('That alias or domain is already used by another team');
  }
}
