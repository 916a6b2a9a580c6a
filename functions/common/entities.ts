/**
 * ElectroDB entities over the single table (shared/table.ts). Keys are templates here and nowhere
 * else: everything a team owns lives under TEAM#<teamId>, so no team's data shares a partition.
 */
import { Entity, Service } from 'electrodb';
import { config } from './config';
import { documentClient } from './db';

const key = <const F extends string, const C extends string[]>(field: F, composite: C, template: string) => ({
  field,
  composite,
  template,
  casing: 'none' as const,
});

const timestamps = {
  createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
} as const;

export const UserEntity = new Entity({
  model: { entity: 'user', version: '1', service: 'workspace' },
  attributes: {
    userId: { type: 'string', required: true },
    emailAddress: { type: 'string', required: true },
    givenName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    photo: { type: 'string' },
    status: { type: 'string', required: true, default: 'ACTIVE' },
    teamId: { type: 'string' },
    lastSeen: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    primary: { pk: key('pk', ['userId'], 'USER#${userId}'), sk: key('sk', [], 'PROFILE') },
    byEmail: {
      index: 'byEmail',
      pk: key('byEmailPk', ['emailAddress'], 'EMAIL#${emailAddress}'),
      sk: key('byEmailSk', [], 'USER'),
    },
  },
});

export const TeamEntity = new Entity({
  model: { entity: 'team', version: '1', service: 'workspace' },
  attributes: {
    teamId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    ownerUserId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', [], 'TEAM') },
  },
});

export const RoleEntity = new Entity({
  model: { entity: 'role', version: '1', service: 'workspace' },
  attributes: {
    teamId: { type: 'string', required: true },
    roleId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    code: { type: 'string', required: true },
    position: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', ['roleId'], 'ROLE#${roleId}') },
  },
});

export const GroupEntity = new Entity({
  model: { entity: 'group', version: '1', service: 'workspace' },
  attributes: {
    teamId: { type: 'string', required: true },
    groupId: { type: 'string', required: true },
    groupName: { type: 'string', required: true },
    position: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', ['groupId'], 'GROUP#${groupId}') },
  },
});

/**
 * A person's place in a team. A pending invitation has no userId and carries `invitedEmail`
 * (sparse byEmail index); acceptance sets userId (sparse byUser index) and clears invitedEmail.
 */
export const MembershipEntity = new Entity({
  model: { entity: 'membership', version: '1', service: 'workspace' },
  attributes: {
    teamId: { type: 'string', required: true },
    membershipId: { type: 'string', required: true },
    userId: { type: 'string' },
    emailAddress: { type: 'string', required: true },
    invitedEmail: { type: 'string' },
    invitedByUserId: { type: 'string' },
    groupId: { type: 'string', required: true },
    roleId: { type: 'string', required: true },
    roleCode: { type: 'string', required: true },
    version: { type: 'number', required: true, default: 1 },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
      sk: key('sk', ['membershipId'], 'MEMBER#${membershipId}'),
    },
    byUser: {
      index: 'byUser',
      pk: key('byUserPk', ['userId'], 'USER#${userId}'),
      sk: key('byUserSk', ['teamId'], 'TEAM#${teamId}'),
    },
    byInvitedEmail: {
      index: 'byEmail',
      pk: key('byEmailPk', ['invitedEmail'], 'EMAIL#${invitedEmail}'),
      sk: key('byEmailSk', ['teamId'], 'INVITE#${teamId}'),
    },
  },
});

/** Fixed-window request counters for public routes; expire through the table's TTL. */
export const RateCounterEntity = new Entity({
  model: { entity: 'rateCounter', version: '1', service: 'workspace' },
  attributes: {
    bucket: { type: 'string', required: true },
    window: { type: 'string', required: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: key('pk', ['bucket'], 'RATE#${bucket}'), sk: key('sk', ['window'], 'WINDOW#${window}') },
  },
});

/** A websocket connection, bound to a user and team once its token is verified; expires via TTL. */
export const ConnectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service: 'workspace' },
  attributes: {
    connectionId: { type: 'string', required: true },
    userId: { type: 'string' },
    teamId: { type: 'string' },
    expiresAt: { type: 'number', required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: key('pk', ['connectionId'], 'CONNECTION#${connectionId}'),
      sk: key('sk', [], 'CONNECTION'),
    },
  },
});

const entities = {
  user: UserEntity,
  team: TeamEntity,
  role: RoleEntity,
  group: GroupEntity,
  membership: MembershipEntity,
  rateCounter: RateCounterEntity,
  connection: ConnectionEntity,
};

let service: Service<typeof entities> | undefined;
/** The entities bound to this stage's table, created on first use (the table name comes from env). */
export function db() {
  service ??= new Service(entities, { client: documentClient, table: config.tableName });
  return service;
}
