/**
 * The consistency check itself, without I/O: a project's answered questions compared with each
 * other (two answers contradicting on a security concept, found by the contradiction detector's
 * concept terms: functions/common/contradiction) and each with the library's approved answer for
 * the same question (the entry the answer was taken from, or the suggestion engine's best match at
 * the autofill threshold). Drafts nobody reviewed are no answers and are not checked.
 */
import { createHash } from 'node:crypto';
import type { FindingSide } from '../../../shared/schemas/consistency';
import { type Claim, claimsOf, clashOf, findContradiction } from '../../common/contradiction';
import { type QuestionItem, reviewedWork } from '../../common/entities';

export interface LibraryEntry {
  answerId: string;
  originalQuestion: string;
  answer: string;
}

export interface ComputedFinding {
  findingId: string;
  kind: 'PAIR' | 'LIBRARY';
  concept: string;
  a: FindingSide;
  b: FindingSide;
  answersKey: string;
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** The answer a question counts with (an unreviewed draft counts as none), or '' for none. */
export function countedAnswer(question: Partial<QuestionItem> | undefined): string {
  if (!question || question.isLinked === false || question.deletedAt) return '';
  return (reviewedWork(question as QuestionItem).answer ?? '').trim();
}

const sideOf = (question: QuestionItem, phrase: string): FindingSide => ({
  questionId: question.questionId,
  ...(question.referenceNumber ? { referenceNumber: question.referenceNumber } : {}),
  question: question.question,
  phrase,
});

/**
 * Every finding of the project. `libraryFor` names the library entries that answer a question
 * (approved ones only); each answer is compared with those.
 */
export function findInconsistencies(
  questions: QuestionItem[],
  libraryFor: (question: QuestionItem) => LibraryEntry[],
): ComputedFinding[] {
  const answered = questions
    .filter((q) => countedAnswer(q) !== '')
    .sort((x, y) => x.questionId.localeCompare(y.questionId));
  const claims = new Map<string, Claim[]>(answered.map((q) => [q.questionId, claimsOf(countedAnswer(q))]));
  const findings: ComputedFinding[] = [];

  // Pairs that share a concept, each pair once.
  const byConcept = new Map<string, QuestionItem[]>();
  for (const q of answered) {
    for (const concept of new Set((claims.get(q.questionId) ?? []).map((c) => c.concept))) {
      byConcept.set(concept, [...(byConcept.get(concept) ?? []), q]);
    }
  }
  const seen = new Set<string>();
  for (const group of byConcept.values()) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const [x, y] = [group[i], group[j]];
        const pair = `${x.questionId}#${y.questionId}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        const clash = clashOf(claims.get(x.questionId) ?? [], claims.get(y.questionId) ?? []);
        if (!clash) continue;
        findings.push({
          findingId: digest('PAIR', x.questionId, y.questionId, clash.concept).slice(0, 32),
          kind: 'PAIR',
          concept: clash.concept,
          a: sideOf(x, clash.a),
          b: sideOf(y, clash.b),
          answersKey: digest(countedAnswer(x), countedAnswer(y)).slice(0, 24),
        });
      }
    }
  }

  // Each answer against the library's approved answer for the same question.
  for (const q of answered) {
    if (!claims.get(q.questionId)?.length) continue;
    for (const entry of libraryFor(q)) {
      const clash = findContradiction(countedAnswer(q), entry.answer);
      if (!clash) continue;
      findings.push({
        findingId: digest('LIBRARY', q.questionId, entry.answerId, clash.concept).slice(0, 32),
        kind: 'LIBRARY',
        concept: clash.concept,
        a: sideOf(q, clash.a),
        b: { answerId: entry.answerId, question: entry.originalQuestion, phrase: clash.b },
        answersKey: digest(countedAnswer(q), entry.answer).slice(0, 24),
      });
    }
  }
  return findings;
}
