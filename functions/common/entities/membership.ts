import { Entity } from 'electrodb';
import { key, SERVICE, timestamps, updatedAt } from './keys';
import { lazyEntity } from './lazy';

/**
 * A person's place in a team. A pending invitation (status INVITED) has no userId and carries
 * `invitedEmail` (sparse byEmail index); acceptance sets userId (sparse byUser index), status
 * ACTIVE and clears invitedEmail. `version` guards concurrent edits (conditional writes).
 */
export const MembershipEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'membership', version: '1', service: SERVICE },
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
        /** The identity provider's id for this person (SCIM `externalId`), when one provisions the team. */
        externalId: { type: 'string' },
        /** Names the identity provider gave an invitation (a member's names are their user record's). */
        givenName: { type: 'string' },
        familyName: { type: 'string' },
        /**
         * Set while the team's identity provider has the person deactivated (SCIM `active: false`): the
         * member's every request is refused; an invitation is out of the invitee's list (no invitedEmail).
         */
        deactivatedAt: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        /** Who made the last change and from which browser session (read by the stream's reactions). */
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        ...timestamps,
        updatedAt,
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
    }),
);
