/**
 * What other route groups may call of the library: its answer engine, read-only, for a team rather
 * than a signed-in person (the Model Context Protocol tools in functions/mcp). The same ranking the
 * Suggested Answers panel shows and the same confidence Fill from library compares with its
 * threshold; an archived answer is never offered.
 */
import type { AnswerStatus, Classification } from '../../shared/schemas/values';
import * as repo from './repo';
import { confidenceOf, type LibraryIndex } from './search/engine';
import { teamIndex } from './search/store';

/**
 * The team's best library entries for a text, one per distinct answer, best first: the suggestion
 * index ranks them, the table gives their current state (an answer archived since is left out).
 * `confidence` is the engine's confidence in the first hit (0 when it cannot be trusted).
 */
export async function bestAnswers(index: LibraryIndex, teamId: string, text: string, limit: number) {
  const hits = index.search(text, Math.max(limit * 2, 2));
  const entries = new Map(
    (
      await repo.getAnswers(
        teamId,
        hits.map((h) => h.answerId),
      )
    ).map((a) => [a.answerId, a]),
  );
  const ranked = hits
    .flatMap((hit) => {
      const entry = entries.get(hit.answerId);
      return entry && entry.answerStatus !== 'ARCHIVED' ? [{ entry, score: hit.score }] : [];
    })
    .slice(0, limit);
  const topKept = ranked.length > 0 && ranked[0].entry.answerId === hits[0]?.answerId;
  return { ranked, confidence: topKept ? confidenceOf(hits) : 0 };
}

/** A library answer as another group sees it. */
export interface EngineAnswer {
  answerId: string;
  question: string;
  answer: string;
  status: Exclude<AnswerStatus, 'ARCHIVED'>;
  classification?: Classification;
  /** The document library entries the answer cites. */
  documentIds: string[];
  tags: string[];
  updatedAt: string;
}

const toEngineAnswer = (entry: repo.LibraryAnswerItem): EngineAnswer => ({
  answerId: entry.answerId,
  question: entry.originalQuestion,
  answer: entry.answer,
  status: entry.answerStatus as EngineAnswer['status'],
  ...(entry.responseClassification ? { classification: entry.responseClassification } : {}),
  documentIds: entry.documentIds ?? [],
  tags: entry.tags,
  updatedAt: entry.updatedAt,
});

/** The team's best answers for a text, with each one's score and the engine's confidence in the first. */
export async function rankAnswers(teamId: string, text: string, limit: number) {
  const { ranked, confidence } = await bestAnswers(await teamIndex(teamId), teamId, text, limit);
  return {
    answers: ranked.map(({ entry, score }) => ({
      ...toEngineAnswer(entry),
      score: Math.round(score * 100) / 100,
    })),
    confidence,
  };
}

/** One answer of the team's library; undefined when it does not exist or is archived. */
export async function libraryAnswer(teamId: string, answerId: string): Promise<EngineAnswer | undefined> {
  const entry = await repo.getAnswer(teamId, answerId);
  return entry && entry.answerStatus !== 'ARCHIVED' ? toEngineAnswer(entry) : undefined;
}

/** A page of the team's library (archived answers left out), in a stable order. */
export async function libraryAnswersPage(teamId: string, page: { limit: number; offset: number }) {
  const entries = await repo.liveAnswers(teamId, page.offset + page.limit);
  return entries.slice(page.offset).map(toEngineAnswer);
}
