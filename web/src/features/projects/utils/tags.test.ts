import { describe, expect, it } from 'vitest';
import { tagChanges, truncateTag } from './tags';

describe('tags', () => {
  it('cuts a badge at 30 characters, ellipsis included', () => {
    expect(truncateTag('short')).toBe('short');
    expect(truncateTag('x'.repeat(30))).toBe('x'.repeat(30));
    const cut = truncateTag('a'.repeat(31));
    expect(cut).toHaveLength(30);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('finds the added and removed tags, ignoring case', () => {
    expect(tagChanges(['SOC 2', 'iso'], ['soc 2', 'GDPR'])).toEqual({ added: ['GDPR'], removed: ['iso'] });
    expect(tagChanges([], [])).toEqual({ added: [], removed: [] });
  });
});
