/**
 * The entities several route groups use, one per file, bound to this stage's table. A group with
 * entities of its own composes them with these in its repository (see bindService).
 */
import type { EntityItem } from 'electrodb';
import { bindService } from '../db';
import { ActivityDayEntity } from './activity-day';
import { ActivityEventEntity } from './activity-event';
import { ApiKeyEntity } from './api-key';
import { ConnectionEntity } from './connection';
import { DocumentLinkEntity } from './document-link';
import { GroupEntity } from './group';
import { MailAddressEntity } from './mail-address';
import { MembershipEntity } from './membership';
import { NotificationEntity } from './notification';
import { ProjectEntity } from './project';
import { ProjectStatsEntity } from './project-stats';
import { QuestionEntity } from './question';
import { QuestionActivityEntity } from './question-activity';
import { QuestionMentionEntity } from './question-mention';
import { RateCounterEntity } from './rate-counter';
import { ReactionLogEntity } from './reaction-log';
import { RoleEntity } from './role';
import { ScimTokenEntity } from './scim-token';
import { SourceEntity } from './source';
import { SourceDocumentEntity } from './source-document';
import { SourceSheetEntity } from './source-sheet';
import { SubscriptionEntity } from './subscription';
import { TeamEntity } from './team';
import { UserEntity } from './user';

export const sharedEntities = {
  user: UserEntity,
  team: TeamEntity,
  apiKey: ApiKeyEntity,
  scimToken: ScimTokenEntity,
  role: RoleEntity,
  group: GroupEntity,
  membership: MembershipEntity,
  project: ProjectEntity,
  projectStats: ProjectStatsEntity,
  question: QuestionEntity,
  documentLink: DocumentLinkEntity,
  source: SourceEntity,
  sourceSheet: SourceSheetEntity,
  sourceDocument: SourceDocumentEntity,
  questionActivity: QuestionActivityEntity,
  questionMention: QuestionMentionEntity,
  rateCounter: RateCounterEntity,
  connection: ConnectionEntity,
  subscription: SubscriptionEntity,
  notification: NotificationEntity,
  activityEvent: ActivityEventEntity,
  activityDay: ActivityDayEntity,
  reactionLog: ReactionLogEntity,
  mailAddress: MailAddressEntity,
};

/** The shared entities bound to the table, created on first use (the table name comes from env). */
export const db = bindService(sharedEntities);

export type UserItem = EntityItem<typeof UserEntity>;
export type TeamItem = EntityItem<typeof TeamEntity>;
export type MembershipItem = EntityItem<typeof MembershipEntity>;
export type ProjectItem = EntityItem<typeof ProjectEntity>;
export type ProjectStatsItem = EntityItem<typeof ProjectStatsEntity>;
export type QuestionItem = EntityItem<typeof QuestionEntity>;
export type DocumentLinkItem = EntityItem<typeof DocumentLinkEntity>;
export type QuestionActivityItem = EntityItem<typeof QuestionActivityEntity>;
export type SourceItem = EntityItem<typeof SourceEntity>;
export type SourceSheetItem = EntityItem<typeof SourceSheetEntity>;
export type SourceDocumentItem = EntityItem<typeof SourceDocumentEntity>;
export type NotificationItem = EntityItem<typeof NotificationEntity>;
export type MailAddressItem = EntityItem<typeof MailAddressEntity>;
export { linkIdOf, PROJECT_SCOPE } from './document-link';
export { canSeeProject } from './project';
export { NOBODY } from './project-stats';
export { newQuestionId, reviewedWork } from './question';
export { activityIdOf } from './question-activity';
