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

export { saveTeamSso };
