/**
 * The quizzes group's access patterns, named. Templates live in the team's quiz partition
 * (TEAM#<teamId>#QUIZZES); an invite and the quiz as it was sent in the invite's own partition
 * (QUIZINVITE#<id>), found by the sending team on `bySender` and by address on `byRecipient`.
 */
import type { EntityItem } from 'electrodb';
import type { QuizItem } from '../../shared/schemas/quiz';
import { readAll, writeAll } from '../common/batch';
import { bindService } from '../common/db';
import { type QuestionItem, sharedEntities } from '../common/entities';
import { ConflictError, isConditionFailure } from '../common/errors';
import { lockedWrite } from '../common/versioned';
import { QuizEntity } from './entities/quiz';
import { QuizInviteEntity } from './entities/quiz-invite';
import { QuizInviteItemEntity } from './entities/quiz-invite-item';

const db = bindService({
  quiz: QuizEntity,
  quizInvite: QuizInviteEntity,
  quizInviteItem: QuizInviteItemEntity,
  project: sharedEntities.project,
  projectStats: sharedEntities.projectStats,
  question: sharedEntities.question,
  membership: sharedEntities.membership,
  user: sharedEntities.user,
});

export type QuizRecord = EntityItem<typeof QuizEntity>;
export type InviteRecord = EntityItem<typeof QuizInviteEntity>;
export type InviteItemRecord = EntityItem<typeof QuizInviteItemEntity>;

// ——— Templates ———

export async function quizzesOf(teamId: string) {
  return (await db().entities.quiz.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export const getQuiz = async (teamId: string, quizId: string) =>
  (await db().entities.quiz.get({ teamId, quizId }).go()).data;

export async function createQuiz(quiz: Omit<QuizRecord, 'createdAt' | 'updatedAt' | 'version'>) {
  return (await db().entities.quiz.create(quiz).go()).data;
}

/** Saves a quiz on condition that it is still the version the editor read (409 otherwise). */
export async function saveQuiz(
  teamId: string,
  quizId: string,
  expectedVersion: number,
  set: Pick<QuizRecord, 'quizName' | 'quizDescription' | 'quizConfiguration' | 'updatedByUserId'>,
) {
  return lockedWrite(async () => {
    const { data } = await db()
      .entities.quiz.patch({ teamId, quizId })
      .set(set)
      .add({ version: 1 })
      .where(({ version }, { eq }) => eq(version, expectedVersion))
      .go({ response: 'all_new' });
    return data as QuizRecord;
  });
}

// ——— Invites ———

export const getInvite = async (quizInviteId: string) =>
  (await db().entities.quizInvite.get({ quizInviteId }).go()).data;

/** The invite and the quiz as it is sent, one item per section or question, in order. */
export async function createInvite(
  invite: Omit<InviteRecord, 'createdAt' | 'updatedAt' | 'inviteStatus'> & { createdAt?: string },
  items: readonly QuizItem[],
) {
  await db()
    .entities.quizInviteItem.put(
      items.map((item, position) => ({ quizInviteId: invite.quizInviteId, position, ...item })),
    )
    .go();
  // The invite last: its stream record sends the e-mail, by then the quiz it links to is complete.
  await db().entities.quizInvite.create(invite).go();
}

/** The quiz as it was sent (and answered), in order. */
export async function inviteItems(quizInviteId: string) {
  const { data } = await db().entities.quizInviteItem.query.primary({ quizInviteId }).go({ pages: 'all' });
  return data.sort((a, b) => a.position - b.position);
}

export async function sentBy(teamId: string) {
  const { data } = await db()
    .entities.quizInvite.query.bySender({ senderTeamId: teamId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

export async function sentTo(emailAddress: string) {
  const { data } = await db()
    .entities.quizInvite.query.byRecipient({ emailAddress })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** The e-mail addresses of the team's active members (the Team Inbox holds what was sent to them). */
export async function memberEmails(teamId: string): Promise<string[]> {
  const { data } = await db().entities.membership.query.primary({ teamId }).go({ pages: 'all' });
  const userIds = data
    .filter((m) => m.userId && (m.status ?? 'ACTIVE') === 'ACTIVE')
    .map((m) => m.userId as string);
  if (!userIds.length) return [];
  const users = await readAll(
    userIds.map((userId) => ({ userId })),
    (keys, options) => db().entities.user.get(keys).go(options),
  );
  return [...new Set(users.filter((u) => u.teamId === teamId).map((u) => u.emailAddress.toLowerCase()))];
}

/** The user who signs in with this address, if there is one. */
export async function userByEmail(emailAddress: string) {
  const { data } = await db().entities.user.query.byEmail({ emailAddress }).go();
  return data[0];
}

type InviteChanges = Partial<
  Pick<
    InviteRecord,
    'inviteStatus' | 'respondedAt' | 'answeredAt' | 'recipientUserId' | 'recipientTeamId' | 'changedBySession'
  >
>;

/** Moves an UNCLAIMED invite on; false when it is no longer UNCLAIMED (someone acted first). */
export async function settleInvite(quizInviteId: string, set: InviteChanges): Promise<boolean> {
  try {
    await db()
      .entities.quizInvite.patch({ quizInviteId })
      .set(set)
      .where(({ inviteStatus }, { eq }) => eq(inviteStatus, 'UNCLAIMED'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface AcceptedProject {
  teamId: string;
  projectId: string;
  name: string;
  dueOn: string;
  createdByUserId: string;
  changedBySession: string;
}

/**
 * Accepting, at once: the invite moves from UNCLAIMED to ACCEPTED and the recipient's project is
 * created with its (empty) aggregates, or nothing happens (409 when the invite was settled first).
 */
export async function acceptInvite(
  quizInviteId: string,
  recipient: { userId: string; teamId: string; at: string; session: string },
  project: AcceptedProject,
) {
  const result = await db()
    .transaction.write(({ quizInvite, project: p, projectStats }) => [
      quizInvite
        .patch({ quizInviteId })
        .set({
          inviteStatus: 'ACCEPTED',
          recipientUserId: recipient.userId,
          recipientTeamId: recipient.teamId,
          projectId: project.projectId,
          respondedAt: recipient.at,
          changedBySession: recipient.session,
        })
        .where(({ inviteStatus }, { eq }) => eq(inviteStatus, 'UNCLAIMED'))
        .commit(),
      p
        .create({
          ...project,
          projectPriority: 'NORMAL',
          accessVisibility: 'TEAM',
          quizInviteId,
          updatedByUserId: project.createdByUserId,
        })
        .commit(),
      projectStats.create({ teamId: project.teamId, projectId: project.projectId }).commit(),
    ])
    .go();
  if (result.canceled)
    throw new ConflictError('This invitation has already been answered, declined or cancelled');
}

/** An invite accepted outside this product (seeded demo data: a supplier that answered). */
export async function markAccepted(quizInviteId: string, at: string) {
  await db()
    .entities.quizInvite.patch({ quizInviteId })
    .set({ inviteStatus: 'ACCEPTED', respondedAt: at })
    .go();
}

export async function createQuestions(questions: Array<Omit<QuestionItem, 'createdAt' | 'updatedAt'>>) {
  await writeAll(questions, (batch, options) => db().entities.question.put(batch).go(options), [
    'questionId',
  ]);
}

// ——— Answers coming back ———

export async function projectQuestions(teamId: string, projectId: string) {
  const { data } = await db().entities.question.query.primary({ teamId, projectId }).go({ pages: 'all' });
  return data;
}

/** Each question of the quiz as sent gets the answer it was closed with; the invite becomes ANSWERED. */
export async function recordAnswers(quizInviteId: string, answered: InviteItemRecord[], answeredAt: string) {
  await writeAll(answered, (batch, options) => db().entities.quizInviteItem.put(batch).go(options), [
    'quizInviteId',
    'position',
  ]);
  await db()
    .entities.quizInvite.patch({ quizInviteId })
    .set({ inviteStatus: 'ANSWERED', answeredAt })
    .where(({ inviteStatus }, { eq }) => `${eq(inviteStatus, 'ACCEPTED')} OR ${eq(inviteStatus, 'ANSWERED')}`)
    .go();
}
