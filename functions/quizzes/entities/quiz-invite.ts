import { Entity } from 'electrodb';
import { INVITE_STATUSES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A quiz sent to an e-mail address (spec 002 §3 Quiz invite). It is shared by two teams, so it has
 * a partition of its own (QUIZINVITE#<id>), which also holds the quiz as it was sent
 * (QuizInviteItem, one per section or question, later with the answers). The sending team finds
 * it on `bySender`; the recipient's team on `byRecipient`, by the address it was sent to (the
 * recipient may not have an account yet). `recipientTeamId` and `projectId` are set on accept.
 */
export const QuizInviteEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'quizInvite', version: '1', service: SERVICE },
      attributes: {
        quizInviteId: { type: 'string', required: true },
        quizId: { type: 'string', required: true },
        quizName: { type: 'string', required: true },
        quizDescription: { type: 'string', required: true, default: '' },
        inviteStatus: { type: INVITE_STATUSES, required: true, default: 'UNCLAIMED' },
        emailAddress: { type: 'string', required: true },
        senderTeamId: { type: 'string', required: true },
        senderTeamName: { type: 'string', required: true },
        senderName: { type: 'string', required: true },
        createdByUserId: { type: 'string', required: true },
        questionCount: { type: 'number', required: true },
        recipientUserId: { type: 'string' },
        recipientTeamId: { type: 'string' },
        projectId: { type: 'string' },
        respondedAt: { type: 'string' },
        answeredAt: { type: 'string' },
        changedBySession: { type: 'string' },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['quizInviteId'], 'QUIZINVITE#${quizInviteId}'),
          sk: key('sk', [], 'INVITE'),
        },
        bySender: {
          index: 'byStatus',
          pk: key('byStatusPk', ['senderTeamId'], 'TEAM#${senderTeamId}#QUIZSENT'),
          sk: key('byStatusSk', ['createdAt', 'quizInviteId'], '${createdAt}#${quizInviteId}'),
        },
        byRecipient: {
          index: 'byEmail',
          pk: key('byEmailPk', ['emailAddress'], 'EMAIL#${emailAddress}'),
          sk: key('byEmailSk', ['createdAt', 'quizInviteId'], 'QUIZINVITE#${createdAt}#${quizInviteId}'),
        },
      },
    }),
);
