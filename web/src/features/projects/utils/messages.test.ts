import { describe, expect, it } from 'vitest';
import { noQuestionsTooltip } from './messages';

describe('dashboard texts', () => {
  it("gives an empty status tile the spec's tooltip, full stop included", () => {
    // Act
    const tooltip = noQuestionsTooltip('Not Compliant');

    // Assess
    expect(tooltip).toBe('There are no Not Compliant questions.');
  });
});
