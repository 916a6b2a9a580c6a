/**
 * The live demo's sample project (web/src/features/welcome/sample-project.ts) is the demo
 * workspace's Northwind assessment: its name, counts, questions, answers and classifications are
 * the ones the local runner seeds, so the tour never drifts from the workspace it shows.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../scripts/local/demo/corpus';
import { fillAnswer } from '../../scripts/local/demo/fill-ins';
import { classificationOf, DEMO_PROJECTS } from '../../scripts/local/demo/projects';
import { SAMPLE_PROJECT, SAMPLE_QUESTIONS } from '../../web/src/features/welcome/sample-project';

describe('the live demo sample project', () => {
  it('is the demo workspace’s Northwind project, its questions answered as the workspace answers them', () => {
    // Prepare
    const project = DEMO_PROJECTS.find((p) => p.key === SAMPLE_PROJECT.key);
    const bank = new Map(
      loadCorpus().flatMap((s) => s.questions.map((q) => [q.reference, { ...q, section: s.title }])),
    );

    // Act
    const expected = SAMPLE_QUESTIONS.map(({ reference }) => {
      const entry = bank.get(reference);
      const answer = entry ? (fillAnswer(reference, entry.answer) ?? entry.answer) : '';
      return {
        reference,
        section: entry?.section,
        question: entry?.question,
        answer,
        responseClassification: classificationOf(reference, answer),
      };
    });

    // Assess
    expect(project?.name).toBe(SAMPLE_PROJECT.name);
    expect(project?.industryVertical).toBe(SAMPLE_PROJECT.industryVertical);
    expect(project?.projectPriority).toBe('HIGH');
    expect((project?.imported.length ?? 0) + (project?.manual?.length ?? 0)).toBe(
      SAMPLE_PROJECT.totalQuestions,
    );
    expect(project?.progress).toMatchObject({
      complete: SAMPLE_PROJECT.complete,
      inProgress: SAMPLE_PROJECT.inProgress,
    });
    for (const { reference } of SAMPLE_QUESTIONS) expect(project?.imported).toContain(reference);
    expect(SAMPLE_QUESTIONS).toEqual(expected);
  });
});
