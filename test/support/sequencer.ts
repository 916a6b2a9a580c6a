/**
 * Longest files first, whatever their tier: on two workers, a long file started last leaves the
 * other worker idle while it runs (the bad-input sweeps ran alone for minutes at the end of a run
 * that took them in vitest's default order, tier by tier). Vitest's own cache of durations orders
 * what it knows (a machine that ran the suite before); on a fresh clone, as on CI, the files known
 * to be long come first, then the rest by size.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files measured to take a minute or more, longest first. */
const KNOWN_LONG = [
  'test/integration/sweep-bad-input-1.test.ts',
  'test/integration/sweep-bad-input-2.test.ts',
  'test/integration/sources.test.ts',
  'test/integration/sweep-prototype-words.test.ts',
  'test/integration/sweep-coverage-permissions.test.ts',
  'test/e2e/project-dashboard.browser.test.ts',
  'test/e2e/sources.browser.test.ts',
  'test/e2e/question-list.browser.test.ts',
  'test/e2e/library.browser.test.ts',
  'test/integration/local-start.test.ts',
  'test/e2e/quizzes.browser.test.ts',
  'test/integration/insights.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId);
      const duration = cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      const rank = KNOWN_LONG.indexOf(path);
      return {
        duration,
        rank: rank < 0 ? KNOWN_LONG.length : rank,
        size: cache.getFileStats(`${spec.project.name}:${path}`)?.size ?? 0,
      };
    };
    const keyed = files.map((spec) => ({ spec, ...known(spec) }));
    const everyDurationKnown = keyed.every((k) => k.duration !== undefined);
    return keyed
      .sort((a, b) =>
        everyDurationKnown ? (b.duration ?? 0) - (a.duration ?? 0) : a.rank - b.rank || b.size - a.size,
      )
      .map((k) => k.spec);
  }
}
