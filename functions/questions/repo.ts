/** The questions group's access patterns, named. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdateQuestionRequest } from '../../shared/schemas/question';
import { config } from '../common/config';
import { documentClient } from '../common/db';
import { db, type QuestionItem } from '../common/entities';
import { ConflictError, isConditionFailure } from '../common/errors';
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

type QuestionChanges = Partial<Omit<UpdateQuestionRequest, 'version' | 'assignedToUserId'>> & {
  assignedToUserId?: string | null;
  updatedByUserId: string;
  changedBySession: string;
};

/** Changes a question that still exists; with `expectedVersion`, a newer version answers 409. */
export async function updateQuestion(
  key: { teamId: string; projectId: string; questionId: string },
  changes: QuestionChanges,
  expectedVersion?: number,
) {
  const { assignedToUserId, ...set } = changes;
  let update = db()
    .entities.question.patch(key)
    .set(assignedToUserId ? { ...set, assignedToUserId } : set)
    .add({ version: 1 });
  if (assignedToUserId === null) update = update.remove(['assignedToUserId']);
  try {
    const { data } = await update
      .where((attr, { eq, notExists }) =>
        [notExists(attr.deletedAt), expectedVersion === undefined ? '' : eq(attr.version, expectedVersion)]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ response: 'all_new' });
    return data as QuestionItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
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
