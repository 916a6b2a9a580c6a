/** The registration group's access patterns, named: user records and single sign-on lookups. */
import { bindService } from '../common/db';
import { sharedEntities } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { SsoLookupEntity } from './entities/sso-lookup';
import { SsoProviderEntity } from './entities/sso-provider';

const db = bindService({
  user: sharedEntities.user,
  ssoProvider: SsoProviderEntity,
  ssoLookup: SsoLookupEntity,
});

/** Creates a user record; false when the user is registered already. */
export async function createUser(user: {
  userId: string;
  emailAddress: string;
  givenName: string;
  lastName: string;
  lastSeen?: string;
}) {
  try {
    await db().entities.user.create(user).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export const getUser = async (userId: string) => (await db().entities.user.get({ userId }).go()).data;

/** Every user record registered with this e-mail (normally one at most). */
export const usersByEmail = async (emailAddress: string) =>
  (await db().entities.user.query.byEmail({ emailAddress }).go({ pages: 'all' })).data;

export const ssoLookup = async (kind: 'ALIAS' | 'DOMAIN', value: string) =>
  (await db().entities.ssoLookup.get({ kind, value }).go()).data;

/**
 * A team's provider and one lookup item per alias and domain, in one transaction. An alias or
 * domain already pointing at another team cancels it (false).
 */
export async function saveSso(
  teamId: string,
  providerName: string,
  aliases: string[],
  domains: string[],
): Promise<boolean> {
  const lookups = [
    ...aliases.map((value) => ({ kind: 'ALIAS' as const, value })),
    ...domains.map((value) => ({ kind: 'DOMAIN' as const, value })),
  ];
  const result = await db()
    .transaction.write(({ ssoProvider, ssoLookup }) => [
      ssoProvider.put({ teamId, providerName, aliases, domains }).commit(),
      ...lookups.map((lookup) =>
        ssoLookup
          .put({ ...lookup, teamId, providerName })
          .where((attr, op) => `${op.notExists(attr.teamId)} OR ${op.eq(attr.teamId, teamId)}`)
          .commit(),
      ),
    ])
    .go();
  return !result.canceled;
}
