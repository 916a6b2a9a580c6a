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
    /** The membership in `teamId`, so the caller's membership is one GetItem away. */
    membershipId: { type: 'string' },
    /**
     * Copies of that membership's access, written in the same transaction as the membership itself
     * (team creation, invitation acceptance, member update), so a request's caller is one read.
     */
    roleCode: { type: 'string' },
    groupId: { type: 'string' },
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
 * A person's place in a team. A pending invitation (status INVITED) has no userId and carries
 * `invitedEmail` (sparse byEmail index); acceptance sets userId (sparse byUser index), status
 * ACTIVE and clears invitedEmail. `version` guards concurrent edits (conditional writes).
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
    // Sort keys of the two sparse indexes: set with invitedEmail (pending) and with userId (accepted),
    // because ElectroDB writes a conditional index only when all of its composites are given together.
    invitedAt: { type: 'string' },
    joinedAt: { type: 'string' },
    groupId: { type: 'string', required: true },
    roleId: { type: 'string', required: true },
    roleCode: { type: 'string', required: true },
    /** Owner memberships written before this attribute existed read as ACTIVE (see membershipStatus). */
    status: { type: ['ACTIVE', 'INVITED'] as const, required: true, default: 'ACTIVE' },
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
      // Sparse: only accepted memberships have a userId, so invitations stay out of this index.
      condition: (attr) => Boolean(attr.userId),
      pk: key('byUserPk', ['userId'], 'USER#${userId}'),
      sk: key('byUserSk', ['joinedAt'], 'JOINED#${joinedAt}'),
    },
    byInvitedEmail: {
      index: 'byEmail',
      // Sparse: only pending invitations carry invitedEmail.
      condition: (attr) => Boolean(attr.invitedEmail),
      pk: key('byEmailPk', ['invitedEmail'], 'EMAIL#${invitedEmail}'),
      sk: key('byEmailSk', ['invitedAt'], 'INVITE#${invitedAt}'),
    },
  },
});

/**
 * One usage event or APP_ERROR of a user, kept ~400 days (TTL). The user's partition, not the team's:
 * events are recorded before a user has a team, and read back only for that user.
 */
export const ActivityEventEntity = new Entity({
  model: { entity: 'activityEvent', version: '1', service: 'workspace' },
  attributes: {
    userId: { type: 'string', required: true },
    eventId: { type: 'string', required: true },
    eventName: { type: 'string', required: true },
    eventData: { type: 'any' },
    duration: { type: 'number' },
    teamId: { type: 'string' },
    expiresAt: { type: 'number', required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: key('pk', ['userId'], 'USER#${userId}'),
      sk: key('sk', ['createdAt', 'eventId'], 'EVENT#${createdAt}#${eventId}'),
    },
  },
});

/** A user's contributions on one UTC day, counted on write so the heat map is one Query. */
export const ActivityDayEntity = new Entity({
  model: { entity: 'activityDay', version: '1', service: 'workspace' },
  attributes: {
    userId: { type: 'string', required: true },
    /** YYYY-MM-DD (UTC). */
    date: { type: 'string', required: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: key('pk', ['userId'], 'USER#${userId}'), sk: key('sk', ['date'], 'DAY#${date}') },
  },
});

/** A team's single sign-on provider and the aliases and e-mail domains that lead to it. */
export const SsoProviderEntity = new Entity({
  model: { entity: 'ssoProvider', version: '1', service: 'workspace' },
  attributes: {
    teamId: { type: 'string', required: true },
    providerName: { type: 'string', required: true },
    aliases: { type: 'list', items: { type: 'string' }, required: true },
    domains: { type: 'list', items: { type: 'string' }, required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
      sk: key('sk', ['providerName'], 'SSO#${providerName}'),
    },
  },
});

/**
 * One item per alias and per domain, keyed by the value itself, so the public lookups are a single
 * GetItem (no index, no scan). Written together with its SsoProvider.
 */
export const SsoLookupEntity = new Entity({
  model: { entity: 'ssoLookup', version: '1', service: 'workspace' },
  attributes: {
    kind: { type: ['ALIAS', 'DOMAIN'] as const, required: true },
    value: { type: 'string', required: true },
    teamId: { type: 'string', required: true },
    providerName: { type: 'string', required: true },
  },
  indexes: {
    primary: { pk: key('pk', ['kind', 'value'], 'SSO#${kind}#${value}'), sk: key('sk', [], 'SSO') },
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
    /** The browser session, so the client can recognise (and skip) its own events. */
    sessionId: { type: 'string' },
    /** Scope keys this connection is subscribed to, to unsubscribe on disconnect. */
    scopes: { type: 'list', items: { type: 'string' } },
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

/**
 * A connection's subscription to one event scope ("team#<id>", "user#<id>", "project#<id>"): a
 * fan-out is one Query on the scope's partition. Expires with its connection through TTL.
 */
export const SubscriptionEntity = new Entity({
  model: { entity: 'subscription', version: '1', service: 'workspace' },
  attributes: {
    scope: { type: 'string', required: true },
    connectionId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: key('pk', ['scope'], 'SCOPE#${scope}'),
      sk: key('sk', ['connectionId'], 'CONNECTION#${connectionId}'),
    },
  },
});

/** A user's notification; ids sort by time, so one Query returns them newest first. */
export const NotificationEntity = new Entity({
  model: { entity: 'notification', version: '1', service: 'workspace' },
  attributes: {
    userId: { type: 'string', required: true },
    notificationId: { type: 'string', required: true },
    teamId: { type: 'string', required: true },
    causedByUserId: { type: 'string', required: true },
    title: { type: 'string', required: true },
    description: { type: 'string', required: true },
    linkReferencePath: { type: 'string', required: true },
    readAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: key('pk', ['userId'], 'USER#${userId}'),
      sk: key('sk', ['notificationId'], 'NOTIFICATION#${notificationId}'),
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
  subscription: SubscriptionEntity,
  notification: NotificationEntity,
  activityEvent: ActivityEventEntity,
  activityDay: ActivityDayEntity,
  ssoProvider: SsoProviderEntity,
  ssoLookup: SsoLookupEntity,
};

let service: Service<typeof entities> | undefined;
/** The entities bound to this stage's table, created on first use (the table name comes from env). */
export function db() {
  service ??= new Service(entities, { client: documentClient, table: config.tableName });
  return service;
}
