/** The questions group's access patterns, named. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdateQuestionRequest } from '../../shared/schemas/question';
import { writeAll } from '../common/batch';
import { config } from '../common/config';
import { checkedCursor } from '../common/cursor';
import { documentClient } from '../common/db';
import { db, type QuestionActivityItem, type QuestionItem } from '../common/entities';
import { ConflictError, isConditionFailure, NotFoundError } from '../common/errors';
import { QUESTION_NOT_FOUND } from './messages';
import { deltaExpression, type StatsDelta } from './stats';

/** Every question of a project, in order (one Query, paged through). */
export async function questionsOf(teamId: string, projectId: string) {
  const { data } = await db().entities.question.query.primary({ teamId, projectId }).go({ pages: 'all' });
  return data;
}

export const getQuestion = async (teamId: string, projectId: string, questionId: string) =>
  (await db().entities.question.get({ teamId, projectId, questionId }).go()).data;

export async function createQuestion(
  question: Omit<
    QuestionItem,
    | 'createdAt'
    | 'updatedAt'
    | 'version'
    | 'answer'
    | 'responseStatus'
    | 'responseClassification'
    | 'includeInLibrary'
    | 'isLinked'
  > &
    Partial<QuestionItem>,
) {
  const { data } = await db().entities.question.create(question).go();
  return data;
}

type QuestionChanges = Partial<
  Omit<UpdateQuestionRequest, 'version' | 'assignedToUserId' | 'rewordingReviewed'>
> & {
  assignedToUserId?: string | null;
  deletedAt?: string;
  isLinked?: boolean;
  unlinkedAs?: 'NOT_A_QUESTION';
  /** null: the autofill draft was reviewed (the marker goes). */
  libraryDraft?: null;
  /** null: the answer was reviewed against its expired evidence (the flag goes). */
  evidenceExpired?: null;
  /** null: the answer was reviewed against the question's new wording. */
  reworded?: null;
  updatedByUserId: string;
  changedBySession: string;
};

/**
 * The one write of a question that still counts (not deleted, still linked); with
 * `expectedVersion`, a newer version answers 409. A question gone meanwhile answers 404 when no
 * version was given (the caller read it a moment ago), 409 otherwise.
 */
export async function updateQuestion(
  key: { teamId: string; projectId: string; questionId: string },
  changes: QuestionChanges,
  expectedVersion?: number,
) {
  const { assignedToUserId, libraryDraft, evidenceExpired, reworded, ...set } = changes;
  let update = db()
    .entities.question.patch(key)
    .set(assignedToUserId ? { ...set, assignedToUserId } : set)
    .add({ version: 1 });
  const removed = [
    ...(assignedToUserId === null ? (['assignedToUserId'] as const) : []),
    ...(libraryDraft === null ? (['libraryDraft'] as const) : []),
    ...(evidenceExpired === null ? (['evidenceExpired'] as const) : []),
    ...(reworded === null ? (['reworded'] as const) : []),
  ];
  if (removed.length) update = update.remove(removed);
  try {
    const { data } = await update
      .where((attr, { eq, ne, notExists }) =>
        [
          notExists(attr.deletedAt),
          ne(attr.isLinked, false),
          expectedVersion === undefined ? '' : eq(attr.version, expectedVersion),
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ response: 'all_new' });
    return data as QuestionItem;
  } catch (error) {
    if (isConditionFailure(error)) {
      throw expectedVersion === undefined ? new NotFoundError(QUESTION_NOT_FOUND) : new ConflictError();
    }
    throw error;
  }
}

/**
 * One page of a project's questions that still count (linked, not deleted), in order: one Query
 * of `count` items (`limit`; without it DynamoDB would read up to 1 MB, the whole project, to
 * answer a page); another only when deleted or unlinked ones were among them. A cursor that does
 * not continue this very Query answers 400 (functions/common/cursor.ts).
 */
export async function questionsPage(
  teamId: string,
  projectId: string,
  page: { count: number; cursor?: string },
) {
  const query = db()
    .entities.question.query.primary({ teamId, projectId })
    .where((attr, { ne, notExists }) => `${notExists(attr.deletedAt)} AND ${ne(attr.isLinked, false)}`);
  const { data, cursor } = await query.go({
    count: page.count,
    limit: page.count,
    cursor: checkedCursor(page.cursor, query) ?? null,
  });
  return { data, cursor };
}

/** The questions of a project on which the user was mentioned (one Query). */
export async function mentionedQuestionIds(teamId: string, projectId: string, userId: string) {
  const { data } = await db()
    .entities.questionMention.query.primary({ teamId, projectId, userId })
    .go({ pages: 'all', attributes: ['questionId'] });
  return new Set(data.map((m) => m.questionId));
}

/** Whether the user was mentioned on the question (one GetItem). */
export async function isMentioned(teamId: string, projectId: string, userId: string, questionId: string) {
  const { data } = await db().entities.questionMention.get({ teamId, projectId, userId, questionId }).go();
  return Boolean(data);
}

/** The question's history (its CHANGE entries), oldest first, all pages. */
export async function historyOf(teamId: string, projectId: string, questionId: string) {
  const { data } = await db()
    .entities.questionActivity.query.primary({ teamId, projectId, questionId })
    .where((attr, { eq }) => eq(attr.kind, 'CHANGE'))
    .go({ pages: 'all' });
  return data;
}

/**
 * Writes activity entries (BatchWriteItem, 25 a request). Their ids come from the change, so writing
 * one again (a redelivered stream record) replaces it with the same entry.
 */
export async function putActivity(entries: QuestionActivityItem[]) {
  await writeAll(entries, (batch, options) => db().entities.questionActivity.put(batch).go(options), [
    'projectId',
    'questionId',
    'activityId',
  ]);
}

const REACTION_TTL_SECONDS = 24 * 60 * 60;

/**
 * Applies the delta of a run of question changes to the project's aggregates and marks each change
 * applied, in one transaction: a redelivered change cancels it (false), and the caller applies the
 * run change by change. The aggregates item is created first when missing.
 */
export async function applyStatsDelta(
  project: { teamId: string; projectId: string },
  changeIds: string[],
  delta: StatsDelta,
): Promise<boolean> {
  const stats = db().entities.projectStats;
  const { Key } = stats.get(project).params() as { Key: Record<string, string> };
  const { expression, names, values } = deltaExpression(delta);
  const expiresAt = Math.floor(Date.now() / 1000) + REACTION_TTL_SECONDS;
  const marks = changeIds.map(
    (id) =>
      db()
        .entities.reactionLog.create({ reactionId: `${id}#stats`, expiresAt })
        .params() as Record<string, unknown>,
  );
  const write = () =>
    documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          ...marks.map((Put) => ({ Put: Put as never })),
          {
            Update: {
              TableName: config.tableName,
              Key,
              UpdateExpression: expression,
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { ...names, '#pk': 'pk' },
              ExpressionAttributeValues: values,
            },
          },
        ],
      }),
    );
  try {
    await write();
    return true;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    if (reasons.slice(0, marks.length).some((r) => r.Code === 'ConditionalCheckFailed')) return false;
    if (reasons[marks.length]?.Code !== 'ConditionalCheckFailed') throw error;
  }
  // No aggregates yet (a project written before they existed): create them empty, then apply.
  await stats
    .create(project)
    .go()
    .catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
  await write();
  return true;
}
