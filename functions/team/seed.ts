/** Seeding entry point for the local runner: the demo user's own team, created once. */
import { createTeamWithDefaults } from './teams';

export async function ensureOwnTeam(
  owner: { userId: string; emailAddress: string; teamId?: string },
  name: string,
) {
  if (owner.teamId) return owner.teamId;
  return (await createTeamWithDefaults(owner, name)).teamId;
}
