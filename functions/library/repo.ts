/**
 * The library group's access patterns, named. Answers, candidates and collections live in the
 * team's library partition (TEAM#<teamId>#LIBRARY); favourites in each user's own.
 */
import type { EntityItem } from 'electrodb';
import { readAll, writeAll } from '../common/batch';
import { bindService } from '../common/db';
import { sharedEntities } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { sessionMark } from '../common/session-mark';
import { AnswerCandidateEntity } from './entities/answer-candidate';
import { AnswerCollectionEntity } from './entities/answer-collection';
import { AnswerFavouriteEntity } from './entities/answer-favourite';
import { AnswerUsageEntity } from './entities/answer-usage';
import { AutofillRunEntity } from './entities/autofill-run';
import { LibraryAnswerEntity } from './entities/library-answer';
import { LibraryFileEntity } from './entities/library-file';
import { LibraryIndexEntity } from './entities/library-index';
import { LibraryTermEntity } from './entities/library-term';

const db = bindService({
  libraryAnswer: LibraryAnswerEntity,
  answerCandidate: AnswerCandidateEntity,
  answerFavourite: AnswerFavouriteEntity,
  answerCollection: AnswerCollectionEntity,
  answerUsage: AnswerUsageEntity,
  libraryTerm: LibraryTermEntity,
  libraryIndex: LibraryIndexEntity,
  autofillRun: AutofillRunEntity,
  libraryFile: LibraryFileEntity,
  project: sharedEntities.project,
  question: sharedEntities.question,
  documentLink: sharedEntities.documentLink,
  team: sharedEntities.team,
});

export type LibraryAnswerItem = EntityItem<typeof LibraryAnswerEntity>;
export type CandidateItem = EntityItem<typeof AnswerCandidateEntity>;
export type CollectionItem = EntityItem<typeof AnswerCollectionEntity>;
type NewAnswer = Omit<
  LibraryAnswerItem,
  'createdAt' | 'updatedAt' | 'version' | 'usageCount' | 'nextReviewOn'
> &
  Partial<Pick<LibraryAnswerItem, 'nextReviewOn'>>;

/** Every answer of the team's library: one Query (a team's library is thousands of items). */
export async function answersOf(teamId: string) {
  return (await db().entities.libraryAnswer.query.primary({ teamId }).go({ pages: 'all' })).data;
}

/**
 * Every answer's id and content key (what makes two entries the same answer): one Query that
 * returns two attributes, not the texts (an import's duplicate check on a large library).
 */
export async function contentKeysOf(teamId: string) {
  const { data } = await db()
    .entities.libraryAnswer.query.primary({ teamId })
    .go({ pages: 'all', attributes: ['answerId', 'contentKey'] });
  return data;
}

/**
 * The first `count` answers of the team's library that are in use or flagged, in id order: one
 * Query that stops once it has them (the public API's pages).
 */
export async function liveAnswers(teamId: string, count: number) {
  const { data } = await db()
    .entities.libraryAnswer.query.primary({ teamId })
    .where((attr, { ne }) => ne(attr.answerStatus, 'ARCHIVED'))
    .go({ count, pages: 'all' });
  return data;
}

export const getAnswer = async (teamId: string, answerId: string) =>
  (await db().entities.libraryAnswer.get({ teamId, answerId }).go()).data;

export async function getAnswers(teamId: string, answerIds: string[]) {
  if (!answerIds.length) return [];
  return readAll(
    answerIds.map((answerId) => ({ teamId, answerId })),
    (keys, options) => db().entities.libraryAnswer.get(keys).go(options),
  );
}

/** New answers, in batches (BatchWriteItem, a few in flight). */
export async function putAnswers(items: NewAnswer[]) {
  await writeAll(items, (batch, options) => db().entities.libraryAnswer.put(batch).go(options), ['answerId']);
}

type AnswerChanges = Partial<
  Pick<
    LibraryAnswerItem,
    'answer' | 'originalQuestion' | 'answerStatus' | 'flaggedReason' | 'collectionIds' | 'contentKey' | 'tags'
  >
> & { updatedByUserId: string; changedBySession: string };

/**
 * Changes an answer that still exists (false when it does not); with `expectedVersion`, only the
 * version the caller read (a newer one answers 'stale').
 */
export async function updateAnswer(
  teamId: string,
  answerId: string,
  changes: AnswerChanges,
  options: { expectedVersion?: number; removeFlag?: boolean } = {},
): Promise<LibraryAnswerItem | 'missing' | 'stale'> {
  let update = db().entities.libraryAnswer.patch({ teamId, answerId }).set(changes).add({ version: 1 });
  const removed: Array<'flaggedReason' | 'mergedIntoAnswerId'> = options.removeFlag ? ['flaggedReason'] : [];
  // Taken out of the archive (or archived again by hand), it is no longer the merged-away wording of another.
  if (changes.answerStatus !== undefined) removed.push('mergedIntoAnswerId');
  if (removed.length) update = update.remove(removed);
  try {
    const { data } = await update
      .where((attr, op) =>
        options.expectedVersion === undefined ? '' : op.eq(attr.version, options.expectedVersion),
      )
      .go({ response: 'all_new' });
    return data as LibraryAnswerItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getAnswer(teamId, answerId)) ? 'stale' : 'missing';
  }
}

/** The documents attached to a question (what its answer cites): one Query of the project's links. */
export async function documentsCitedBy(teamId: string, projectId: string, questionId: string) {
  const { data } = await db()
    .entities.documentLink.query.primary({ teamId, projectId, scope: questionId })
    .go({ pages: 'all' });
  return data.map((link) => link.documentId);
}

/** Attaches documents to a question, each once (an attachment that exists already stays as it is). */
export async function attachDocuments(
  question: Pick<QuestionItem, 'teamId' | 'projectId' | 'questionId'>,
  documentIds: string[],
  createdByUserId: string,
) {
  const { teamId, projectId, questionId } = question;
  for (const documentId of documentIds) {
    try {
      await db()
        .entities.documentLink.create({
          teamId,
          projectId,
          scope: questionId,
          documentId,
          createdByUserId,
          changedBySession: sessionMark(null),
        })
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** The team's answers that cite a document (a background read of the library partition). */
export async function answersCiting(teamId: string, documentId: string) {
  return (await answersOf(teamId)).filter((a) => a.documentIds?.includes(documentId));
}

export async function deleteAnswer(teamId: string, answerId: string) {
  await db().entities.libraryAnswer.delete({ teamId, answerId }).go();
}

export async function favouritesOf(teamId: string, userId: string) {
  const { data } = await db().entities.answerFavourite.query.primary({ teamId, userId }).go({ pages: 'all' });
  return new Set(data.map((f) => f.answerId));
}

export async function setFavourite(teamId: string, userId: string, answerId: string, favourite: boolean) {
  if (favourite) await db().entities.answerFavourite.put({ teamId, userId, answerId }).go();
  else await db().entities.answerFavourite.delete({ teamId, userId, answerId }).go();
}

export async function candidatesOf(teamId: string) {
  return (await db().entities.answerCandidate.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export async function getCandidates(teamId: string, questionIds: string[]) {
  return readAll(
    questionIds.map((questionId) => ({ teamId, questionId })),
    (keys, options) => db().entities.answerCandidate.get(keys).go(options),
  );
}

export async function putCandidate(item: Omit<CandidateItem, 'createdAt'>) {
  await db().entities.answerCandidate.put(item).go();
}

/**
 * Takes a candidate out of the Candidates collection and, with `answer`, adds that answer to the
 * library, in one transaction conditioned on the candidate still being the one read (same
 * createdAt; a changed answer replaces it): of concurrent decisions on one candidate exactly one
 * succeeds, so one candidate becomes at most one answer. False when it was decided or replaced
 * meanwhile.
 */
export async function takeCandidate(
  candidate: Pick<CandidateItem, 'teamId' | 'questionId' | 'createdAt'>,
  answer?: NewAnswer,
): Promise<boolean> {
  const { teamId, questionId, createdAt } = candidate;
  const result = await db()
    .transaction.write(({ answerCandidate, libraryAnswer }) => [
      answerCandidate
        .delete({ teamId, questionId })
        .where((attr, op) => op.eq(attr.createdAt, createdAt))
        .commit(),
      ...(answer ? [libraryAnswer.create(answer).commit()] : []),
    ])
    .go();
  return !result.canceled;
}

export async function deleteCandidates(teamId: string, questionIds: string[]) {
  if (!questionIds.length) return;
  await writeAll(
    questionIds.map((questionId) => ({ teamId, questionId })),
    (keys, options) => db().entities.answerCandidate.delete(keys).go(options),
    ['questionId'],
  );
}

export async function collectionsOf(teamId: string) {
  return (await db().entities.answerCollection.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export const getCollection = async (teamId: string, collectionId: string) =>
  (await db().entities.answerCollection.get({ teamId, collectionId }).go()).data;

export async function createCollection(item: Omit<CollectionItem, 'createdAt'>) {
  return (await db().entities.answerCollection.create(item).go()).data;
}

export async function renameCollection(teamId: string, collectionId: string, collectionName: string) {
  await db().entities.answerCollection.patch({ teamId, collectionId }).set({ collectionName }).go();
}

/**
 * Projects by id (BatchGetItem), with their visibility and members (candidates follow their
 * project's visibility and are named after it); missing ones are left out.
 */
export async function getProjects(teamId: string, projectIds: string[]) {
  const unique = [...new Set(projectIds)];
  if (!unique.length) return [];
  return readAll(
    unique.map((projectId) => ({ teamId, projectId })),
    (keys, options) =>
      db()
        .entities.project.get(keys)
        .go({ ...options, attributes: ['projectId', 'name', 'accessVisibility', 'memberUserIds'] }),
  );
}

export const getProject = async (teamId: string, projectId: string) =>
  (await db().entities.project.get({ teamId, projectId }).go()).data;

export type UsageItem = EntityItem<typeof AnswerUsageEntity>;

/** Where an answer was used, most recent first. */
export async function usageOf(teamId: string, answerId: string) {
  const { data } = await db().entities.answerUsage.query.primary({ teamId, answerId }).go({ pages: 'all' });
  return data.sort((a, b) => b.usedAt.localeCompare(a.usedAt));
}

/**
 * Records that an answer was used on a question: a new question counts once more on the answer
 * (usageCount, lastUsedAt); using it again on the same question only moves the date.
 */
export async function recordUsage(item: Omit<UsageItem, 'createdAt'>) {
  const { teamId, answerId } = item;
  try {
    await db().entities.answerUsage.create(item).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await db().entities.answerUsage.put(item).go();
    return;
  }
  await db()
    .entities.libraryAnswer.patch({ teamId, answerId })
    .add({ usageCount: 1 })
    .set({ lastUsedAt: item.usedAt })
    .go()
    .catch((error) => {
      // Deleted from the library meanwhile: the usage stays with nothing to count it on.
      if (!isConditionFailure(error)) throw error;
    });
}

export const getQuestion = async (teamId: string, projectId: string, questionId: string) =>
  (await db().entities.question.get({ teamId, projectId, questionId }).go()).data;

/** These questions of a project (BatchGetItem); ones that do not exist are left out. */
export async function getQuestions(teamId: string, projectId: string, questionIds: string[]) {
  if (!questionIds.length) return [];
  return readAll(
    questionIds.map((questionId) => ({ teamId, projectId, questionId })),
    (keys, options) => db().entities.question.get(keys).go(options),
  );
}

export type TermItem = EntityItem<typeof LibraryTermEntity>;

export async function termsOf(teamId: string) {
  return (await db().entities.libraryTerm.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export const getTerm = async (teamId: string, termId: string) =>
  (await db().entities.libraryTerm.get({ teamId, termId }).go()).data;

export async function putTerm(item: Omit<TermItem, 'createdAt'> & { createdAt?: string }) {
  return (await db().entities.libraryTerm.put(item).go()).data;
}

export async function deleteTerm(teamId: string, termId: string) {
  await db().entities.libraryTerm.delete({ teamId, termId }).go();
}

export const getTeam = async (teamId: string) => (await db().entities.team.get({ teamId }).go()).data;

export type IndexPointer = EntityItem<typeof LibraryIndexEntity>;

export const getIndexPointer = async (teamId: string) =>
  (await db().entities.libraryIndex.get({ teamId }).go()).data;

/** Points the team at a new index version, only if no one wrote another since `previous`. */
export async function moveIndexPointer(pointer: IndexPointer, previous: number | undefined) {
  try {
    const put = db().entities.libraryIndex.put(pointer);
    await (previous === undefined
      ? put.where(({ version }, { notExists }) => notExists(version))
      : put.where(({ version }, { eq }) => eq(version, previous))
    ).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ——— Autofill ———

export type AutofillRunItem = EntityItem<typeof AutofillRunEntity>;
export type QuestionItem = EntityItem<typeof sharedEntities.question>;

export async function latestAutofill(teamId: string, projectId: string) {
  const { data } = await db()
    .entities.autofillRun.query.primary({ teamId, projectId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
}

export const getAutofill = async (teamId: string, projectId: string, runId: string) =>
  (await db().entities.autofillRun.get({ teamId, projectId, runId }).go()).data;

export async function createAutofill(item: Omit<AutofillRunItem, 'createdAt'> & { createdAt?: string }) {
  return (await db().entities.autofillRun.create(item).go()).data;
}

/** Progress or the end of a run; `from` guards the status it must still have. */
export async function updateAutofill(
  key: { teamId: string; projectId: string; runId: string },
  from: AutofillRunItem['status'],
  changes: Partial<
    Pick<AutofillRunItem, 'status' | 'total' | 'processed' | 'filled' | 'finishedAt' | 'failureReason'>
  >,
) {
  try {
    await db()
      .entities.autofillRun.patch(key)
      .set(changes)
      .where(({ status }, { eq }) => eq(status, from))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// ——— The importer's files ———

export type LibraryFileItem = EntityItem<typeof LibraryFileEntity>;
type LibraryFileKey = { teamId: string; answerSourceId: string };

/** A file accepted for reading (once: a second create of the same id is refused). */
export async function createLibraryFile(item: Omit<LibraryFileItem, 'createdAt'>) {
  return (await db().entities.libraryFile.create(item).go()).data;
}

export const getLibraryFile = async (key: LibraryFileKey) =>
  (await db().entities.libraryFile.get(key).go()).data;

/** The file read (READY) or refused (FAILED), if it is still PROCESSING; false when it was not. */
export async function finishLibraryFile(
  key: LibraryFileKey,
  changes: Pick<LibraryFileItem, 'status'> & Partial<Pick<LibraryFileItem, 'contentKey' | 'failureReason'>>,
) {
  try {
    await db()
      .entities.libraryFile.patch(key)
      .set(changes)
      .where(({ status }, { eq }) => eq(status, 'PROCESSING'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Every question of a project (a questionnaire is at most thousands). */
export async function questionsOf(teamId: string, projectId: string) {
  return (await db().entities.question.query.primary({ teamId, projectId }).go({ pages: 'all' })).data;
}

/**
 * A library answer written onto a question (In Progress) only if the question is unchanged since it
 * was read (same version, not deleted) and, as `guard` says, still linked to its source (a draft of
 * Fill from library) or still without a draft ("Use this answer"): a person's answer written
 * meanwhile is never overwritten. False when the question moved on.
 */
export async function answerUnchangedQuestion(
  question: QuestionItem,
  fill: {
    answer: string;
    responseClassification?: QuestionItem['responseClassification'];
    libraryDraft?: NonNullable<QuestionItem['libraryDraft']>;
    libraryAnswerId?: string;
  },
  byUserId: string,
  changedBySession: string,
  guard: 'linked' | 'noDraft',
) {
  try {
    await db()
      .entities.question.patch({
        teamId: question.teamId,
        projectId: question.projectId,
        questionId: question.questionId,
      })
      .set({
        answer: fill.answer,
        ...(fill.responseClassification ? { responseClassification: fill.responseClassification } : {}),
        ...(fill.libraryDraft ? { libraryDraft: fill.libraryDraft } : {}),
        ...(fill.libraryAnswerId ? { libraryAnswerId: fill.libraryAnswerId } : {}),
        responseStatus: 'IN-PROGRESS',
        updatedByUserId: byUserId,
        changedBySession,
      })
      .add({ version: 1 })
      .where(({ version, deletedAt, isLinked, libraryDraft }, { eq, notExists, ne }) =>
        [
          eq(version, question.version),
          notExists(deletedAt),
          guard === 'linked' ? ne(isLinked, false) : notExists(libraryDraft),
        ].join(' AND '),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A reviewer's decision on a draft, only while the question still holds it: ACCEPT keeps the answer
 * and records the library answer it came from; REJECT clears the answer back to unanswered.
 */
export async function decideDraft(
  question: QuestionItem,
  decision: 'ACCEPT' | 'REJECT',
  byUserId: string,
  changedBySession: string,
) {
  const key = { teamId: question.teamId, projectId: question.projectId, questionId: question.questionId };
  const answerId = question.libraryDraft?.answerId ?? '';
  const update =
    decision === 'ACCEPT'
      ? db()
          .entities.question.patch(key)
          .set({ libraryAnswerId: answerId, updatedByUserId: byUserId, changedBySession })
          .remove(['libraryDraft'])
      : db()
          .entities.question.patch(key)
          .set({
            answer: '',
            responseClassification: 'INCOMPLETE',
            responseStatus: 'INCOMPLETE',
            updatedByUserId: byUserId,
            changedBySession,
          })
          .remove(['libraryDraft', 'libraryAnswerId']);
  try {
    await update
      .add({ version: 1 })
      .where(({ version, libraryDraft }, { eq, exists }) =>
        [eq(version, question.version), exists(libraryDraft)].join(' AND '),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
