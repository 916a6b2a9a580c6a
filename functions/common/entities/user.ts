import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

export const UserEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'user', version: '1', service: SERVICE },
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
        /**
         * The user's e-mail switches (shared/schemas/user.ts UserSettings); a switch never saved is
         * absent and takes its default (see functions/common/user-settings.ts).
         */
        settings: {
          type: 'map',
          properties: {
            sendEmailOnProjectAssigned: { type: 'boolean' },
            sendEmailOnQuestionAssigned: { type: 'boolean' },
            sendEmailOnBeingMentioned: { type: 'boolean' },
            sendEmailOnBeingRepliedTo: { type: 'boolean' },
            sendEmailOnProjectCreated: { type: 'boolean' },
            sendEmailOnLibraryReviewDue: { type: 'boolean' },
          },
        },
        /** The browser session of the last profile change: its live event is marked `self` there. */
        changedBySession: { type: 'string' },
        /** Optimistic lock for edits two sessions can make at once. */
        version: { type: 'number', required: true, default: 1 },
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
    }),
);
