import type { RegistrationRequest } from '../../shared/schemas/user';
import type { Identity } from '../common/caller';
import { ConflictError, ForbiddenError } from '../common/errors';
import { rateLimit } from '../common/rate-limit';
import { poolEmail } from './identity-provider';
import * as repo from './repo';

export const REGISTRATION_LIMIT = { perIp: 20, perIdentity: 5, windowSeconds: 600 };
export const REGISTER_OWN_EMAIL = 'Please register with the e-mail address you signed in with';
export const VERIFY_EMAIL_FIRST = 'Please verify your e-mail address before registering';

/**
 * Complete registration: creates the user record of the signed-in identity. The token proves the
 * caller owns a confirmed identity (Cognito issues none before confirmation), so nobody can
 * register someone else's address, and nothing tells one account state from another; the address
 * itself must be verified (an attribute changed without a code is not).
 */
export async function completeRegistration(identity: Identity, input: RegistrationRequest, sourceIp: string) {
  await rateLimit(`registration:ip:${sourceIp}`, REGISTRATION_LIMIT.perIp, REGISTRATION_LIMIT.windowSeconds);
  await rateLimit(
    `registration:identity:${identity.sub}`,
    REGISTRATION_LIMIT.perIdentity,
    REGISTRATION_LIMIT.windowSeconds,
  );
  if (input.emailAddress !== identity.email) throw new ForbiddenError(REGISTER_OWN_EMAIL);
  if (!(await emailVouchedFor(identity))) throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  const created = await repo.createUser({
    userId: identity.sub,
    emailAddress: identity.email,
    givenName: input.givenName,
    lastName: input.lastName,
    // Registration happens in a signed-in session: the person has been seen.
    lastSeen: new Date().toISOString(),
  });
  if (!created) throw new ConflictError('This account has already completed registration.');
  return { userId: identity.sub };
}

/**
 * The address a user record is made with, and invitations are matched against, must be proven:
 * verified in the user pool, or, for a federated identity, in a domain whose team's single sign-on
 * provider is the one that signed this identity in.
 */
async function emailVouchedFor(identity: Identity) {
  const pool = await poolEmail(identity.username);
  if (!pool || pool.email !== identity.email) return false;
  if (!pool.federated) return pool.verified;
  const provider = identity.username.slice(0, identity.username.indexOf('_'));
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1);
  const lookup = await repo.ssoLookup('DOMAIN', domain);
  return Boolean(provider) && lookup?.providerName === provider;
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
