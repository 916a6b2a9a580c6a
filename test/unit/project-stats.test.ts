/**
 * The dashboard aggregates are kept by deltas (functions/questions/stats.ts): whatever sequence of
 * changes happens to a project's questions, and however the changes are batched, the aggregates
 * equal a recount of the questions as they end up, an autofill draft nobody reviewed counted as
 * the unanswered question it still is (issue 29).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOBODY, reviewedWork } from '../../functions/common/entities';
import { dashboardView } from '../../functions/projects/dashboard';
import {
  counts,
  emptyDelta,
  mergeDeltas,
  questionDelta,
  type StatsDelta,
} from '../../functions/questions/stats';
import { CLASSIFICATIONS, RESPONSE_STATUSES } from '../../shared/schemas/question';

type Image = Parameters<typeof questionDelta>[0] & object;

const image = fc.record({
  responseStatus: fc.constantFrom(...RESPONSE_STATUSES),
  responseClassification: fc.constantFrom(...CLASSIFICATIONS),
  assignedToUserId: fc.option(fc.constantFrom('u1', 'u2', 'u3'), { nil: undefined }),
  isLinked: fc.boolean(),
  deletedAt: fc.option(fc.constant('2026-01-01T00:00:00Z'), { nil: undefined }),
  answer: fc.constantFrom('', 'Yes', 'No'),
  includeInLibrary: fc.boolean(),
  creationType: fc.constantFrom('MANUAL' as const, 'IMPORTED' as const),
  libraryDraft: fc.option(
    fc.constant({ answerId: 'a1', confidence: 0.9, runId: 'r1', originalQuestion: 'Is MFA enforced?' }),
    { nil: undefined },
  ),
  evidenceExpired: fc.option(
    fc.constant([
      { documentId: 'd1', documentName: 'SOC 2 Type II Report', expiresOn: '2026-01-01' },
    ] as Array<{
      documentId: string;
      documentName: string;
      expiresOn: string;
    }>),
    { nil: undefined },
  ),
});

/** A step: question i becomes `next` (undefined: removed). */
const steps = fc.array(fc.record({ index: fc.nat(5), next: fc.option(image, { nil: undefined }) }), {
  maxLength: 60,
});

function recount(questions: Array<Image | undefined>) {
  const expected = emptyDelta();
  for (const image of questions) {
    if (!counts(image)) continue;
    const q = reviewedWork(image);
    const who = q.assignedToUserId || NOBODY;
    const bump = (map: Record<string, number>, key: string) => {
      map[key] = (map[key] ?? 0) + 1;
    };
    expected.total++;
    bump(expected.byClassification, q.responseClassification);
    bump(expected.assigned, who);
    if (q.responseStatus === 'COMPLETE') bump(expected.completed, who);
    if (q.responseStatus !== 'INCOMPLETE') bump(expected.started, who);
    if (q.libraryDraft) bump(expected.libraryDrafts, who);
    if (q.evidenceExpired) bump(expected.evidenceExpired, who);
  }
  return expected;
}

const remaining = (delta: StatsDelta) => Object.values(delta.remainingDelta).reduce((a, b) => a + b, 0);
const notComplete = (questions: Array<Image | undefined>) =>
  questions.filter((q) => counts(q) && reviewedWork(q).responseStatus !== 'COMPLETE').length;

describe('question deltas', () => {
  it('sum, in any batching, to a recount of the final questions', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 7 }), (changes, batch) => {
        const questions: Array<Image | undefined> = Array(6).fill(undefined);
        const deltas: StatsDelta[] = [];
        changes.forEach(({ index, next }, i) => {
          deltas.push(questionDelta(questions[index], next, new Date(Date.UTC(2026, 0, 1 + (i % 3)))));
          questions[index] = next;
        });
        // Batched as the stream would deliver them: runs merged first, then the runs together.
        const runs: StatsDelta[] = [];
        for (let i = 0; i < deltas.length; i += batch)
          runs.push(deltas.slice(i, i + batch).reduce(mergeDeltas, emptyDelta()));
        const total = runs.reduce(mergeDeltas, emptyDelta());
        const expected = recount(questions);
        expect(total.total).toBe(expected.total);
        expect(total.byClassification).toEqual(expected.byClassification);
        expect(total.assigned).toEqual(expected.assigned);
        expect(total.completed).toEqual(expected.completed);
        expect(total.started).toEqual(expected.started);
        expect(total.libraryDrafts).toEqual(expected.libraryDrafts);
        expect(total.evidenceExpired).toEqual(expected.evidenceExpired);
        expect(remaining(total)).toBe(notComplete(questions));
      }),
    );
  });

  it('count a contribution for work on a question, not for an import or an unchanged write', () => {
    const base = {
      responseStatus: 'INCOMPLETE',
      responseClassification: 'INCOMPLETE',
      isLinked: true,
      answer: '',
      includeInLibrary: false,
      creationType: 'IMPORTED',
    } as const;
    const at = new Date('2026-03-04T10:00:00Z');
    expect(questionDelta(undefined, base, at).activity).toEqual({});
    expect(questionDelta(undefined, { ...base, creationType: 'MANUAL' }, at).activity).toEqual({
      '2026-03-04': 1,
    });
    expect(questionDelta(base, { ...base, answer: 'Yes' }, at).activity).toEqual({ '2026-03-04': 1 });
    expect(questionDelta(base, { ...base }, at).activity).toEqual({});
  });
});

describe('dashboard view', () => {
  const project = {
    teamId: 't',
    projectId: 'p',
    name: 'Acme',
    dueOn: '2026-03-11',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    createdByUserId: 'u1',
    projectPriority: 'NORMAL',
    projectStatus: 'IN-PROGRESS',
    projectType: 'STANDARD',
    accessVisibility: 'TEAM',
    version: 1,
  } as never;

  it('draws the target from the total on the creation day to zero on the due date', () => {
    const stats = {
      total: 10,
      byClassification: { INCOMPLETE: 6, COMPLIANT: 4 },
      assigned: { u1: 4, [NOBODY]: 6 },
      completed: { u1: 4 },
      started: { u1: 4 },
      lastUpdate: { u1: '2026-03-03T10:00:00.000Z' },
      activity: { '2026-03-03': 5 },
      remainingDelta: { '2026-03-01': 10, '2026-03-03': -4 },
      libraryDrafts: { u1: 1, [NOBODY]: 2 },
      evidenceExpired: { u1: 2 },
    };
    const view = dashboardView(project, stats, new Date('2026-03-04T12:00:00Z'));
    expect(view.libraryDrafts).toBe(3);
    expect(view.evidenceExpired).toBe(2);
    expect(view.minimumProgress[0]).toEqual({ day: '2026-03-01', remainingQuestions: 10 });
    expect(view.minimumProgress[5]).toEqual({ day: '2026-03-06', remainingQuestions: 5 });
    expect(view.minimumProgress.at(-1)).toEqual({ day: '2026-03-11', remainingQuestions: 0 });
    expect(view.completionProgress).toEqual([
      { day: '2026-03-01', remainingQuestions: 10 },
      { day: '2026-03-02', remainingQuestions: 10 },
      { day: '2026-03-03', remainingQuestions: 6 },
      { day: '2026-03-04', remainingQuestions: 6 },
    ]);
    expect(view.compliant).toEqual({ quantity: 4, total: 10, percentage: 40 });
    expect(view.questionAssignments).toEqual([
      {
        userId: 'u1',
        assignedQuestionsCount: 4,
        completedQuestionsCount: 4,
        status: 'COMPLETE',
        lastUpdate: '2026-03-03T10:00:00.000Z',
      },
      {
        userId: null,
        assignedQuestionsCount: 6,
        completedQuestionsCount: 0,
        status: 'NOT-STARTED',
        lastUpdate: null,
      },
    ]);
  });

  it('has no series and zero tiles for a project without questions', () => {
    const view = dashboardView(project, null, new Date('2026-03-04T12:00:00Z'));
    expect(view.totalQuestions).toBe(0);
    expect(view.incompleteQuestions).toEqual({ quantity: 0, total: 0, percentage: 0 });
    expect(view.completionProgress).toEqual([]);
    expect(view.minimumProgress).toEqual([]);
    expect(view.questionAssignments).toEqual([]);
    expect(view.libraryDrafts).toBe(0);
  });

  it('count an autofill draft as unanswered and unclassified until someone reviews it', () => {
    // Prepare
    const unanswered = {
      responseStatus: 'INCOMPLETE',
      responseClassification: 'INCOMPLETE',
      isLinked: true,
      answer: '',
      includeInLibrary: false,
      creationType: 'IMPORTED',
      assignedToUserId: 'u1',
    } as const;
    const draft = {
      ...unanswered,
      answer: 'Yes, TLS 1.2 or higher everywhere.',
      responseStatus: 'IN-PROGRESS',
      responseClassification: 'COMPLIANT',
      libraryDraft: { answerId: 'a1', confidence: 0.95, runId: 'r1', originalQuestion: 'Is data encrypted?' },
    } as const;
    const { libraryDraft: _, ...accepted } = draft;
    const at = new Date('2026-03-04T10:00:00Z');

    // Act
    const filled = questionDelta(unanswered, draft, at);
    const reviewed = questionDelta(draft, accepted, at);

    // Assess: the fill moves only the count of drafts; the review is the work.
    expect(filled.byClassification).toEqual({});
    expect(filled.started).toEqual({});
    expect(filled.activity).toEqual({});
    expect(filled.libraryDrafts).toEqual({ u1: 1 });
    expect(reviewed.byClassification).toEqual({ INCOMPLETE: -1, COMPLIANT: 1 });
    expect(reviewed.started).toEqual({ u1: 1 });
    expect(reviewed.activity).toEqual({ '2026-03-04': 1 });
    expect(reviewed.libraryDrafts).toEqual({ u1: -1 });
  });
});
