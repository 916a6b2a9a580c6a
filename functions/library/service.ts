/**
 * The answer library (spec 002 §2.2, §4, §5, §7.2): listing and searching the team's answers by
 * collection, changing their status (the bulk rules of §4 are the screen's; the server accepts any
 * status change a permitted caller asks for), favourites, replacing and deleting, importing without
 * duplicates, candidates (questions saved with Include in Library) turned into answers or discarded,
 * and the team's own collections.
 */
import { randomUUID } from 'node:crypto';
import {
  type Answer,
  type AnswerAnalytics,
  type AnswerPage,
  type AnswerStatus,
  type AnswerSuggestion,
  type Candidate,
  type CheckImportResult,
  type Collection,
  FREQUENTLY_USED,
  type ImportAnswersRequest,
  LIBRARY_LIMITS,
  LIBRARY_MESSAGES,
  type LibraryTerm,
  type SaveTermRequest,
  SEARCH_RESULTS_SHOWN,
  type SearchLibraryRequest,
  SUGGESTIONS_SHOWN,
  TEAM_LIBRARY_DEFAULTS,
  TERM_LIMITS,
  type UpdateAnswerRequest,
} from '../../shared/schemas/answer';
import { labelKeyOf } from '../../shared/schemas/tag';
import { requirePermission, type TeamCaller } from '../common/caller';
import { canSeeProject } from '../common/entities';
import { BadRequestError, ConflictError, NotFoundError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { bestAnswers } from './published';
import * as repo from './repo';
import { byReviewDay, isDueAnswer, reviewFieldsOf } from './review/fields';
import { libraryQuery } from './search/library-match';
import { teamIndex } from './search/store';

const FLAG_WORDING = { INCORRECT: 'Incorrect information', OUTDATED: 'Outdated information' } as const;

/** What makes two entries the same answer: their question and answer, case and spacing aside. */
export const contentKeyOf = (question: string, answer: string) =>
  `${question}\u0000${answer}`.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export function toAnswer(item: repo.LibraryAnswerItem, favourites: Set<string>): Answer {
  return {
    answerId: item.answerId,
    answer: item.answer,
    originalQuestion: item.originalQuestion,
    answerStatus: item.answerStatus,
    ...(item.flaggedReason ? { flaggedReason: item.flaggedReason } : {}),
    ...(item.responseClassification ? { responseClassification: item.responseClassification } : {}),
    isFavourite: favourites.has(item.answerId),
    creationMethod: item.creationMethod,
    createdByUserId: item.createdByUserId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    tags: item.tags ?? [],
    collectionIds: item.collectionIds ?? [],
    usageCount: item.usageCount,
    ...(item.lastUsedAt ? { lastUsedAt: item.lastUsedAt } : {}),
    ...(item.sourceProjectId ? { sourceProjectId: item.sourceProjectId } : {}),
    ...(item.sourceQuestionId ? { sourceQuestionId: item.sourceQuestionId } : {}),
    version: item.version,
    ...reviewFieldsOf(item),
  };
}

const VIEW_STATUS: Partial<Record<NonNullable<SearchLibraryRequest['view']>, AnswerStatus>> = {
  AVAILABLE: 'IN-USE',
  NEEDS_REVIEW: 'FLAGGED',
  ARCHIVE: 'ARCHIVED',
};

/**
 * A page of the library: a view (Available by default) or a collection, searched with the
 * suggestion engine's analysis (search/library-match.ts), newest first, with the words it found in
 * each answer of the page for the screen to mark in that answer.
 */
export async function searchLibrary(
  caller: TeamCaller,
  body: SearchLibraryRequest,
  page: { offset?: number; limit?: number },
): Promise<AnswerPage> {
  const { teamId, userId } = caller.user;
  const [answers, favourites] = await Promise.all([
    repo.answersOf(teamId),
    repo.favouritesOf(teamId, userId),
  ]);
  const view = body.collectionId ? undefined : (body.view ?? 'AVAILABLE');
  if (body.collectionId && !(await repo.getCollection(teamId, body.collectionId))) {
    throw new NotFoundError(LIBRARY_MESSAGES.collectionNotFound);
  }
  const status = view ? VIEW_STATUS[view] : undefined;
  const query = libraryQuery(body.searchTerm);
  const found = answers
    .filter((a) => !status || a.answerStatus === status)
    .filter((a) => view !== 'FAVOURITES' || favourites.has(a.answerId))
    .filter((a) => !body.collectionId || (a.collectionIds ?? []).includes(body.collectionId))
    .filter((a) => view !== 'DUE_FOR_REVIEW' || isDueAnswer(a))
    .filter((a) => query.matches(a))
    .sort(
      view === 'DUE_FOR_REVIEW'
        ? byReviewDay
        : (a, b) => b.createdAt.localeCompare(a.createdAt) || a.answerId.localeCompare(b.answerId),
    );
  const offset = page.offset ?? 0;
  const limit = page.limit ?? LIBRARY_LIMITS.pageSize;
  const shown = found.slice(offset, offset + limit);
  return {
    items: shown.map((a) => toAnswer(a, favourites)),
    total: found.length,
    highlights: Object.fromEntries(
      shown.map((a) => [a.answerId, query.marked(a)] as const).filter(([, words]) => words.length > 0),
    ),
  };
}

async function existingAnswer(caller: TeamCaller, answerId: string) {
  const item = await repo.getAnswer(caller.user.teamId, answerId);
  if (!item) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
  return item;
}

/** The names of the projects among these that the caller may see (PRIVATE ones only if on them). */
async function visibleProjectNames(caller: TeamCaller, projectIds: string[]) {
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(projectIds)].map(async (projectId) => {
      try {
        names.set(projectId, (await visibleProject(caller, projectId)).name);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }),
  );
  return names;
}

/** An answer with where it was used (spec 002 §3 answer analytics), in the projects the caller sees. */
export async function getAnswer(caller: TeamCaller, answerId: string): Promise<AnswerAnalytics> {
  const { teamId, userId } = caller.user;
  const [item, favourites, usage] = await Promise.all([
    existingAnswer(caller, answerId),
    repo.favouritesOf(teamId, userId),
    repo.usageOf(teamId, answerId),
  ]);
  const names = await visibleProjectNames(
    caller,
    usage.map((u) => u.projectId),
  );
  return {
    answer: toAnswer(item, favourites),
    usage: usage
      .filter((u) => names.has(u.projectId))
      .map((u) => ({
        questionId: u.questionId,
        projectId: u.projectId,
        question: u.question,
        answer: u.answer,
        ...(u.information ? { information: u.information } : {}),
        answeredByUserId: u.answeredByUserId,
        updatedAt: u.usedAt,
        project: { name: names.get(u.projectId) ?? '' },
      })),
  };
}

const by = (caller: TeamCaller, sessionId: string | null) => ({
  updatedByUserId: caller.user.userId,
  changedBySession: sessionMark(sessionId),
});

/**
 * Flag (with its reason), archive ("hide") or make available again, and/or favourite. Favourites
 * are the caller's own; a status change needs ANSWER_QUESTION (the answering screen's actions).
 */
/** Each tag once, the first spelling kept (labels compare case-insensitively, white space folded). */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = labelKeyOf(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function updateAnswer(
  caller: TeamCaller,
  answerId: string,
  body: UpdateAnswerRequest,
  sessionId: string | null,
): Promise<Answer> {
  const { teamId, userId } = caller.user;
  let item = await existingAnswer(caller, answerId);
  if (body.answerStatus) {
    requirePermission(caller, 'ANSWER_QUESTION');
    const flaggedReason =
      body.answerStatus === 'FLAGGED' && body.flaggedReason
        ? body.flaggedReason === 'OTHER'
          ? (body.flaggedText ?? '')
          : FLAG_WORDING[body.flaggedReason]
        : undefined;
    const updated = await repo.updateAnswer(
      teamId,
      answerId,
      {
        answerStatus: body.answerStatus,
        ...(flaggedReason ? { flaggedReason } : {}),
        ...by(caller, sessionId),
      },
      { removeFlag: body.answerStatus !== 'FLAGGED' },
    );
    if (typeof updated === 'string') throw new NotFoundError(LIBRARY_MESSAGES.notFound);
    item = updated;
  }
  if (body.tags) {
    requirePermission(caller, 'ANSWER_QUESTION');
    const updated = await repo.updateAnswer(teamId, answerId, {
      tags: distinctTags(body.tags),
      ...by(caller, sessionId),
    });
    if (typeof updated === 'string') throw new NotFoundError(LIBRARY_MESSAGES.notFound);
    item = updated;
  }
  if (body.isFavourite !== undefined) await repo.setFavourite(teamId, userId, answerId, body.isFavourite);
  const favourites = await repo.favouritesOf(teamId, userId);
  return toAnswer(item, favourites);
}

export async function deleteAnswer(caller: TeamCaller, answerId: string) {
  await existingAnswer(caller, answerId);
  await repo.deleteAnswer(caller.user.teamId, answerId);
  return { ok: true as const };
}

/** Replace Answer: new text (and optionally question) for the same entry; a stale version answers 409. */
export async function replaceAnswer(
  caller: TeamCaller,
  answerId: string,
  body: { answer: string; originalQuestion?: string; version?: number },
  sessionId: string | null,
): Promise<Answer> {
  const current = await existingAnswer(caller, answerId);
  const originalQuestion = body.originalQuestion ?? current.originalQuestion;
  const updated = await repo.updateAnswer(
    caller.user.teamId,
    answerId,
    {
      answer: body.answer,
      originalQuestion,
      contentKey: contentKeyOf(originalQuestion, body.answer),
      ...by(caller, sessionId),
    },
    { expectedVersion: body.version },
  );
  if (updated === 'missing') throw new NotFoundError(LIBRARY_MESSAGES.notFound);
  if (updated === 'stale') throw new ConflictError();
  return toAnswer(updated, await repo.favouritesOf(caller.user.teamId, caller.user.userId));
}

async function libraryReview(teamId: string) {
  const team = await repo.getTeam(teamId);
  return team?.importedAnswersRequireReview ?? TEAM_LIBRARY_DEFAULTS.importedAnswersRequireReview;
}

/**
 * Add Answer (one item, MANUALLY) and the importer (BULK_UPLOAD): entries the library already holds
 * (same question and answer, case and spacing aside), or that repeat within the request, are not
 * added again. Imported answers need review when the team says so.
 */
export async function importAnswers(
  caller: TeamCaller,
  body: ImportAnswersRequest,
  sessionId: string | null,
) {
  const { teamId, userId } = caller.user;
  const method = body.creationMethod ?? 'BULK_UPLOAD';
  const [existing, review] = await Promise.all([repo.contentKeysOf(teamId), libraryReview(teamId)]);
  const answerStatus: AnswerStatus = method === 'BULK_UPLOAD' && review ? 'FLAGGED' : 'IN-USE';
  const known = new Set(existing.map((a) => a.contentKey));
  const fresh = [];
  for (const item of body.items) {
    const contentKey = contentKeyOf(item.question, item.answer);
    if (known.has(contentKey)) continue;
    known.add(contentKey);
    fresh.push({
      teamId,
      answerId: randomUUID(),
      answer: item.answer,
      originalQuestion: item.question,
      answerStatus,
      ...(answerStatus === 'FLAGGED' ? { flaggedReason: 'Imported: waiting for review' } : {}),
      ...(item.responseClassification ? { responseClassification: item.responseClassification } : {}),
      creationMethod: method,
      tags: item.tags ?? [],
      collectionIds: [],
      contentKey,
      createdByUserId: userId,
      ...by(caller, sessionId),
    });
  }
  await repo.putAnswers(fresh);
  return {
    created: fresh.length,
    duplicates: body.items.length - fresh.length,
    answerStatus,
    answerIds: fresh.map((a) => a.answerId),
  };
}

/**
 * The rows of an import the library already holds: EXACT when the question and answer are the
 * same (case and spacing aside; import skips these anyway), NEAR when one of the question's best
 * matches carries nearly the same answer. The importer offers to skip them (keep the library's).
 */
export async function checkImportAnswers(caller: TeamCaller, body: { items: ImportAnswersRequest['items'] }) {
  const { teamId } = caller.user;
  const [existing, index] = await Promise.all([repo.contentKeysOf(teamId), teamIndex(teamId)]);
  const byKey = new Map(existing.map((a) => [a.contentKey, a.answerId]));
  const duplicates: CheckImportResult['duplicates'] = [];
  body.items.forEach((item, i) => {
    const exact = byKey.get(contentKeyOf(item.question, item.answer));
    if (exact) {
      duplicates.push({ index: i, kind: 'EXACT', answerId: exact });
      return;
    }
    const near = index.nearDuplicate(item.question, item.answer);
    if (near) duplicates.push({ index: i, kind: 'NEAR', answerId: near });
  });
  return { duplicates };
}

/** One status for many answers (the bulk bar); answers deleted meanwhile are skipped (404 when all were). */
export async function bulkUpdateAnswers(
  caller: TeamCaller,
  body: { answerIds: string[]; answerStatus: AnswerStatus },
  sessionId: string | null,
) {
  const ids = [...new Set(body.answerIds)];
  let updated = 0;
  for (let i = 0; i < ids.length; i += 16) {
    const results = await Promise.all(
      ids.slice(i, i + 16).map((answerId) =>
        repo.updateAnswer(
          caller.user.teamId,
          answerId,
          {
            answerStatus: body.answerStatus,
            ...(body.answerStatus === 'FLAGGED' ? { flaggedReason: 'Flagged for review' } : {}),
            ...by(caller, sessionId),
          },
          { removeFlag: body.answerStatus !== 'FLAGGED' },
        ),
      ),
    );
    updated += results.filter((r) => typeof r !== 'string').length;
  }
  if (!updated) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
  return { updated };
}

/**
 * Candidates follow their project's visibility. A decision puts the answer in the team-wide library
 * that every member and viewer searches, so a PRIVATE project's answers are never offered: its
 * questions never become candidates, and candidates made while it was TEAM are hidden from everyone
 * (the people on it included) while it is PRIVATE, and back as they were when it is TEAM again.
 * Otherwise a caller is offered only candidates of projects they may see. One BatchGetItem of the
 * candidates' projects; a candidate whose project is gone is not offered.
 */
async function offeredTo(caller: TeamCaller, candidates: repo.CandidateItem[]) {
  const projects = new Map(
    (
      await repo.getProjects(
        caller.user.teamId,
        candidates.map((c) => c.projectId),
      )
    ).map((p) => [p.projectId, p]),
  );
  return candidates.flatMap((candidate) => {
    const project = projects.get(candidate.projectId);
    if (!project || project.accessVisibility === 'PRIVATE' || !canSeeProject(project, caller.user.userId)) {
      return [];
    }
    return [{ candidate, projectName: project.name }];
  });
}

/** Questions saved with Include in Library, waiting for a decision, newest first. */
export async function listCandidates(caller: TeamCaller): Promise<Candidate[]> {
  const offered = await offeredTo(caller, await repo.candidatesOf(caller.user.teamId));
  return offered
    .sort((a, b) => b.candidate.createdAt.localeCompare(a.candidate.createdAt))
    .map(({ candidate: c, projectName }) => ({
      candidateId: c.questionId,
      questionId: c.questionId,
      projectId: c.projectId,
      ...(projectName ? { projectName } : {}),
      question: c.question,
      answer: c.answer,
      ...(c.responseClassification ? { responseClassification: c.responseClassification } : {}),
      authorId: c.authorId,
      createdAt: c.createdAt,
    }));
}

/**
 * CREATE turns each candidate into an available answer that remembers its question and project
 * (an answer the library already holds is not added twice); DISCARD drops them. Either way they
 * leave the Candidates collection. Each candidate is taken by a conditional write together with
 * its answer (repo.takeCandidate), so concurrent decisions on one candidate make at most one
 * answer: the calls that lose the race answer 409 when they took none of theirs.
 */
export async function updateCandidates(
  caller: TeamCaller,
  body: { questionIds: string[]; newStatus: 'DISCARD' | 'CREATE' },
  sessionId: string | null,
) {
  const { teamId, userId } = caller.user;
  const candidates = (
    await offeredTo(caller, await repo.getCandidates(teamId, [...new Set(body.questionIds)]))
  ).map((o) => o.candidate);
  if (!candidates.length) throw new NotFoundError(LIBRARY_MESSAGES.candidateNotFound);
  const creating = body.newStatus === 'CREATE';
  const known = creating ? new Set((await repo.answersOf(teamId)).map((a) => a.contentKey)) : new Set();
  const cited = creating
    ? await Promise.all(candidates.map((c) => repo.documentsCitedBy(teamId, c.projectId, c.questionId)))
    : [];
  const answerIds: string[] = [];
  let taken = 0;
  // One after the other, so two candidates with the same text in one call make one answer.
  for (const [i, c] of candidates.entries()) {
    const contentKey = contentKeyOf(c.question, c.answer);
    const documentIds = cited[i] ?? [];
    const answer =
      creating && !known.has(contentKey)
        ? {
            ...(documentIds.length ? { documentIds } : {}),
            teamId,
            answerId: randomUUID(),
            answer: c.answer,
            originalQuestion: c.question,
            answerStatus: 'IN-USE' as const,
            ...(c.responseClassification ? { responseClassification: c.responseClassification } : {}),
            creationMethod: 'FROM_QUESTION' as const,
            tags: [],
            collectionIds: [],
            contentKey,
            sourceProjectId: c.projectId,
            sourceQuestionId: c.questionId,
            createdByUserId: c.authorId,
            // The person who approved it into the library owns it (issue 28).
            ownerUserId: userId,
            updatedByUserId: userId,
            changedBySession: sessionMark(sessionId),
          }
        : undefined;
    if (!(await repo.takeCandidate(c, answer))) continue;
    taken++;
    if (answer) {
      known.add(contentKey);
      answerIds.push(answer.answerId);
    }
  }
  // Every one of them was decided by someone else in the meantime.
  if (!taken) throw new ConflictError(LIBRARY_MESSAGES.candidateNotFound);
  return {
    discarded: creating ? 0 : taken,
    created: answerIds.length,
    answerIds,
  };
}

/** The caller's favourite answers that still exist, newest first. */
export async function listFavourites(caller: TeamCaller): Promise<Answer[]> {
  const { teamId, userId } = caller.user;
  const favourites = await repo.favouritesOf(teamId, userId);
  const answers = await repo.getAnswers(teamId, [...favourites]);
  return answers.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((a) => toAnswer(a, favourites));
}

export async function listCollections(caller: TeamCaller): Promise<Collection[]> {
  const { teamId } = caller.user;
  const [collections, answers] = await Promise.all([repo.collectionsOf(teamId), repo.answersOf(teamId)]);
  const counts = new Map<string, number>();
  for (const a of answers) for (const id of a.collectionIds ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  return collections
    .sort((a, b) => a.collectionName.localeCompare(b.collectionName))
    .map((c) => ({
      collectionId: c.collectionId,
      collectionName: c.collectionName,
      answerCount: counts.get(c.collectionId) ?? 0,
    }));
}

export async function createCollection(caller: TeamCaller, collectionName: string): Promise<Collection> {
  const { teamId, userId } = caller.user;
  const existing = await repo.collectionsOf(teamId);
  if (existing.length >= LIBRARY_LIMITS.collectionsPerTeam) {
    throw new BadRequestError(LIBRARY_MESSAGES.tooManyCollections);
  }
  if (existing.some((c) => c.collectionName.toLowerCase() === collectionName.toLowerCase())) {
    const message = 'The team has a collection of that name';
    throw new BadRequestError(message, { collectionName: [message] });
  }
  const created = await repo.createCollection({
    teamId,
    collectionId: randomUUID(),
    collectionName,
    createdByUserId: userId,
  });
  return { collectionId: created.collectionId, collectionName: created.collectionName, answerCount: 0 };
}

/** Renames a collection and/or puts answers in or takes them out of it. */
export async function updateCollection(
  caller: TeamCaller,
  collectionId: string,
  body: { collectionName?: string; addAnswerIds?: string[]; removeAnswerIds?: string[] },
  sessionId: string | null,
): Promise<Collection> {
  const { teamId } = caller.user;
  const collection = await repo.getCollection(teamId, collectionId);
  if (!collection) throw new NotFoundError(LIBRARY_MESSAGES.collectionNotFound);
  if (body.collectionName && body.collectionName !== collection.collectionName) {
    await repo.renameCollection(teamId, collectionId, body.collectionName);
  }
  const add = new Set(body.addAnswerIds ?? []);
  const remove = new Set(body.removeAnswerIds ?? []);
  const answers = await repo.getAnswers(teamId, [...new Set([...add, ...remove])]);
  for (const a of answers) {
    const ids = new Set(a.collectionIds ?? []);
    if (add.has(a.answerId)) ids.add(collectionId);
    if (remove.has(a.answerId)) ids.delete(collectionId);
    if (ids.size === (a.collectionIds ?? []).length && [...ids].every((id) => a.collectionIds?.includes(id)))
      continue;
    await repo.updateAnswer(teamId, a.answerId, { collectionIds: [...ids], ...by(caller, sessionId) });
  }
  const all = await listCollections(caller);
  const updated = all.find((c) => c.collectionId === collectionId);
  if (!updated) throw new NotFoundError(LIBRARY_MESSAGES.collectionNotFound);
  return updated;
}

// ——— In the answering screen ———

/** The question, in a project the caller may see (PRIVATE ones only if on them). */
async function visibleQuestion(caller: TeamCaller, projectId: string, questionId: string) {
  await visibleProject(caller, projectId);
  const question = await repo.getQuestion(caller.user.teamId, projectId, questionId);
  if (!question || question.deletedAt || question.isLinked === false) {
    throw new NotFoundError('That question no longer exists');
  }
  return question;
}

/** Ranked entries as suggestions, with the questions each was used for. */
async function asSuggestions(
  caller: TeamCaller,
  ranked: Array<{ entry: repo.LibraryAnswerItem; score: number }>,
): Promise<AnswerSuggestion[]> {
  const { teamId, userId } = caller.user;
  const [favourites, usages] = await Promise.all([
    repo.favouritesOf(teamId, userId),
    Promise.all(ranked.map(({ entry }) => repo.usageOf(teamId, entry.answerId))),
  ]);
  const names = await visibleProjectNames(
    caller,
    usages.flat().map((u) => u.projectId),
  );
  return ranked.map(({ entry, score }, i) => ({
    answerId: entry.answerId,
    answer: entry.answer,
    originalQuestion: entry.originalQuestion,
    ...(entry.responseClassification ? { responseClassification: entry.responseClassification } : {}),
    createdByUserId: entry.createdByUserId,
    createdAt: entry.createdAt,
    answerStatus: entry.answerStatus,
    ...(entry.flaggedReason ? { flaggedReason: entry.flaggedReason } : {}),
    frequentlyUsed: entry.usageCount >= FREQUENTLY_USED,
    isFavourite: favourites.has(entry.answerId),
    questions: usages[i]
      .filter((u) => names.has(u.projectId))
      .slice(0, 5)
      .map((u) => ({ question: u.question })),
    score: Math.round(score * 100) / 100,
  }));
}

/** Suggested Answers: the library's best matches for the question's text. */
export async function listSuggestions(caller: TeamCaller, projectId: string, questionId: string) {
  const { teamId } = caller.user;
  const [question, index] = await Promise.all([
    visibleQuestion(caller, projectId, questionId),
    teamIndex(teamId),
  ]);
  return asSuggestions(
    caller,
    (await bestAnswers(index, teamId, question.question, SUGGESTIONS_SHOWN)).ranked,
  );
}

/** Search Answers from a question: the query's best matches; an empty query finds nothing. */
export async function searchAnswers(
  caller: TeamCaller,
  projectId: string,
  questionId: string,
  searchQuery: string,
) {
  const { teamId } = caller.user;
  const [, index] = await Promise.all([visibleQuestion(caller, projectId, questionId), teamIndex(teamId)]);
  if (!searchQuery.trim()) return [];
  return asSuggestions(caller, (await bestAnswers(index, teamId, searchQuery, SEARCH_RESULTS_SHOWN)).ranked);
}

// ——— The glossary ———

const toTerm = (t: repo.TermItem, inQuestion?: boolean): LibraryTerm => ({
  termId: t.termId,
  term: t.term,
  definition: t.definition,
  links: t.links ?? [],
  ...(inQuestion === undefined ? {} : { inQuestion }),
});
const byTerm = (a: repo.TermItem, b: repo.TermItem) =>
  a.term.localeCompare(b.term, 'en', { sensitivity: 'base' });

export async function listTerms(caller: TeamCaller): Promise<LibraryTerm[]> {
  return (await repo.termsOf(caller.user.teamId)).sort(byTerm).map((t) => toTerm(t));
}

/** Explore Questions: the glossary with the terms the question uses first (whole words, any case). */
export async function listQuestionTerms(caller: TeamCaller, projectId: string, questionId: string) {
  const question = await visibleQuestion(caller, projectId, questionId);
  const text = ` ${question.question.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  const uses = (t: repo.TermItem) =>
    text.includes(
      ` ${t.term
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()} `,
    );
  const terms = (await repo.termsOf(caller.user.teamId)).sort(byTerm);
  return [...terms.filter(uses), ...terms.filter((t) => !uses(t))].map((t) => toTerm(t, uses(t)));
}

async function checkUniqueTerm(teamId: string, term: string, except?: string) {
  const existing = await repo.termsOf(teamId);
  if (!except && existing.length >= TERM_LIMITS.perTeam) {
    throw new BadRequestError(`A glossary can hold at most ${TERM_LIMITS.perTeam} terms`);
  }
  if (existing.some((t) => t.termId !== except && t.term.toLowerCase() === term.toLowerCase())) {
    const message = 'The glossary already has that term';
    throw new BadRequestError(message, { term: [message] });
  }
}

export async function createTerm(caller: TeamCaller, body: SaveTermRequest): Promise<LibraryTerm> {
  const { teamId, userId } = caller.user;
  await checkUniqueTerm(teamId, body.term);
  const saved = await repo.putTerm({
    teamId,
    termId: randomUUID(),
    term: body.term,
    definition: body.definition,
    links: body.links ?? [],
    createdByUserId: userId,
  });
  return toTerm(saved as repo.TermItem);
}

export async function updateTerm(
  caller: TeamCaller,
  termId: string,
  body: SaveTermRequest,
): Promise<LibraryTerm> {
  const { teamId, userId } = caller.user;
  const current = await repo.getTerm(teamId, termId);
  if (!current) throw new NotFoundError('That term no longer exists');
  await checkUniqueTerm(teamId, body.term, termId);
  const saved = await repo.putTerm({
    ...current,
    term: body.term,
    definition: body.definition,
    links: body.links ?? [],
    updatedByUserId: userId,
  });
  return toTerm(saved as repo.TermItem);
}

export async function deleteTerm(caller: TeamCaller, termId: string) {
  if (!(await repo.getTerm(caller.user.teamId, termId)))
    throw new NotFoundError('That term no longer exists');
  await repo.deleteTerm(caller.user.teamId, termId);
  return { ok: true as const };
}
