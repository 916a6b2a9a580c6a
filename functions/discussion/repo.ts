/** The discussion group's access patterns, named. Comments, watches and activity live in the project's partition. */
import type { EntityItem } from 'electrodb';
import { bindService } from '../common/db';
import { db as shared } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { CommentEntity } from './entities/comment';
import { QuestionWatchEntity } from './entities/question-watch';
import { ReplyReceiptEntity } from './entities/reply-receipt';
import { ReplyThreadEntity } from './entities/reply-thread';

const db = bindService({
  comment: CommentEntity,
  questionWatch: QuestionWatchEntity,
  replyThread: ReplyThreadEntity,
  replyReceipt: ReplyReceiptEntity,
});

export type CommentItem = EntityItem<typeof CommentEntity>;
export type ReplyThreadItem = EntityItem<typeof ReplyThreadEntity>;

export interface QuestionKey {
  teamId: string;
  projectId: string;
  questionId: string;
}

/** The question itself, or null (one GetItem). */
export async function getQuestion(key: QuestionKey) {
  return (await shared().entities.question.get(key).go()).data;
}

export async function getProject(teamId: string, projectId: string) {
  return (await shared().entities.project.get({ teamId, projectId }).go()).data;
}

/** The question's comments, oldest first: one Query (begins_with on the sort key). */
export async function commentsOf(key: QuestionKey) {
  const { data } = await db().entities.comment.query.primary(key).go({ pages: 'all' });
  return data;
}

/**
 * Posts a reply e-mail's comment and its receipt together: false (nothing written) when a receipt
 * with this id exists, i.e. the same message was posted before.
 */
export async function createReplyComment(
  comment: Omit<CommentItem, 'createdAt'>,
  receipt: { receiptId: string; expiresAt: number },
): Promise<boolean> {
  const result = await db()
    .transaction.write(({ comment: c, replyReceipt }) => [
      c.create(comment).commit(),
      replyReceipt.create({ ...receipt, commentId: comment.commentId }).commit(),
    ])
    .go();
  return !result.canceled;
}

export async function createComment(comment: Omit<CommentItem, 'createdAt'> & { createdAt?: string }) {
  const { data } = await db().entities.comment.create(comment).go();
  return data as CommentItem;
}

/** The question's activity feed, newest first: one Query. */
export async function activityOf(key: QuestionKey) {
  const { data } = await shared()
    .entities.questionActivity.query.primary(key)
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** Writes an activity entry once: the same id again (a redelivered change) is a no-op. */
export async function recordActivity(
  entry: Parameters<ReturnType<typeof shared>['entities']['questionActivity']['create']>[0],
) {
  try {
    await shared().entities.questionActivity.create(entry).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Marks that a member was mentioned on a question (the "I'm mentioned" filter); idempotent. */
export async function recordMention(key: QuestionKey & { userId: string }) {
  await shared().entities.questionMention.put(key).go();
}

export async function isWatching(key: QuestionKey & { userId: string }) {
  return Boolean((await db().entities.questionWatch.get(key).go()).data);
}

export async function watch(key: QuestionKey & { userId: string }) {
  await db().entities.questionWatch.put(key).go();
}

export async function unwatch(key: QuestionKey & { userId: string }) {
  await db().entities.questionWatch.delete(key).go();
}

/** The question's subscribers' userIds: one Query. */
export async function watchersOf(key: QuestionKey) {
  const { data } = await db().entities.questionWatch.query.primary(key).go({ pages: 'all' });
  return data.map((w) => w.userId);
}

/** Stores (or moves on the expiry of) what a reply address stands for. */
export async function saveReplyThread(thread: ReplyThreadItem) {
  await db().entities.replyThread.put(thread).go();
}

export async function getReplyThread(replyId: string) {
  return (await db().entities.replyThread.get({ replyId }).go()).data;
}

/** The user with this e-mail address, or null: one Query on the byEmail index. */
export async function userByEmail(emailAddress: string) {
  const { data } = await shared().entities.user.query.byEmail({ emailAddress }).go();
  return data[0] ?? null;
}
