import type { MEMBERSHIP_STATUSES } from '../../shared/schemas/team';
import { db } from './entities';

/**
 * A team's groups and roles, kept in this container for a minute: they are read on nearly every
 * request (names shown beside users) and change rarely. A rename shows everywhere within CACHE_MS.
 * Writes that must be exact (validating a groupId or roleId) read the item itself instead.
 */
const CACHE_MS = 60_000;

function perTeamCache<T>(load: (teamId: string) => Promise<T>) {
  const cache = new Map<string, { at: number; value: Promise<T> }>();
  return {
    /** The team's value, read again when older than CACHE_MS or when `fresh`. */
    get(teamId: string, fresh = false): Promise<T> {
      const hit = cache.get(teamId);
      if (hit && !fresh && Date.now() - hit.at < CACHE_MS) return hit.value;
      const value = load(teamId);
      cache.set(teamId, { at: Date.now(), value });
      value.catch(() => cache.delete(teamId));
      return value;
    },
  };
}

const groupNames = perTeamCache(async (teamId) => {
  const { data } = await db().entities.group.query.primary({ teamId }).go({ pages: 'all' });
  return new Map(data.map((g) => [g.groupId, g.groupName]));
});

const roles = perTeamCache(async (teamId) => {
  const { data } = await db().entities.role.query.primary({ teamId }).go({ pages: 'all' });
  return new Map(data.map((r) => [r.roleId, { name: r.name, code: r.code }]));
});

/**
 * The team's group names by id. A group the cached names lack (one just made, e.g. by the team's
 * identity provider over SCIM) makes them be read again at once, so a new group never shows unnamed.
 */
export async function teamGroupNames(
  teamId: string,
  ids: Iterable<string> = [],
): Promise<Map<string, string>> {
  const names = await groupNames.get(teamId);
  for (const id of ids) if (!names.has(id)) return groupNames.get(teamId, true);
  return names;
}

export const teamRoles = (teamId: string): Promise<Map<string, { name: string; code: string }>> =>
  roles.get(teamId);

type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Memberships written before `status` existed were all accepted owner memberships. */
export const membershipStatus = (m: { status?: MembershipStatus; userId?: string }): MembershipStatus =>
  m.status ?? (m.userId ? 'ACTIVE' : 'INVITED');

/** A person's name as the product shows it ('' for a user no longer there). */
export const fullName = (user: { givenName?: string; lastName?: string } | null | undefined) =>
  [user?.givenName, user?.lastName].filter(Boolean).join(' ').trim();

const unique = (values: Array<string | undefined | null>) => [
  ...new Set(values.filter((v): v is string => Boolean(v))),
];

/** BatchGetItem in chunks (ElectroDB splits by 100); unprocessed keys are retried a few times. */
async function batchGet<K, T>(keys: K[], get: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>) {
  const found: T[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, attempt * attempt * 50));
    const { data, unprocessed } = await get(pending);
    found.push(...data);
    pending = unprocessed;
  }
  if (pending.length > 0) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
  return found;
}

/** User records by id, in one batch read however many there are (no read per member). */
export async function usersById(ids: Array<string | undefined | null>) {
  const keys = unique(ids).map((userId) => ({ userId }));
  const users = keys.length ? await batchGet(keys, (k) => db().entities.user.get(k).go()) : [];
  return new Map(users.map((u) => [u.userId, u]));
}

export async function teamsById(ids: Array<string | undefined | null>) {
  const keys = unique(ids).map((teamId) => ({ teamId }));
  const teams = keys.length ? await batchGet(keys, (k) => db().entities.team.get(k).go()) : [];
  return new Map(teams.map((t) => [t.teamId, t]));
}
