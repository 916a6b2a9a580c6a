/** Seeding entry point for the local runner: a registered user, and a team's single sign-on. */
import * as repo from './repo';
import { saveTeamSso } from './service';

/** The user record of an identity, created when missing; returns it as stored. */
export async function ensureRegisteredUser(user: {
  userId: string;
  emailAddress: string;
  givenName: string;
  lastName: string;
}) {
  await repo.createUser(user);
  return (await repo.getUser(user.userId))!;
}

/** The user records registered with an e-mail (the local runner re-links a lost identity to one). */
export async function registeredUsersByEmail(emailAddress: string) {
  return (await repo.usersByEmail(emailAddress)).map(({ userId, teamId }) => ({ userId, teamId }));
}

/** The team an alias or domain of single sign-on leads to, if any. */
export async function ssoOwner(kind: 'ALIAS' | 'DOMAIN', value: string) {
  return (await repo.ssoLookup(kind, value))?.teamId;
}

export { saveTeamSso };
