import { describe, expect, it } from 'vitest';
import { confidencePercent } from './confidence';

describe('confidencePercent', () => {
  it('rounds to a whole percentage and never shows certainty', () => {
    expect(confidencePercent(0.934)).toBe(93);
    expect(confidencePercent(0.996)).toBe(99);
    expect(confidencePercent(1)).toBe(99);
  });
});
