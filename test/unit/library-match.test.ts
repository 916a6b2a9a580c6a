/**
 * The library screen's search (functions/library/search/library-match.ts): the words it marks are
 * each answer's own, and never a word that means nothing alone ("is" inside "MFA is enforced").
 */
import { describe, expect, it } from 'vitest';
import { libraryQuery } from '../../functions/library/search/library-match';

const answer = (answerId: string, originalQuestion: string, text: string) => ({
  answerId,
  version: 1,
  originalQuestion,
  answer: text,
});

describe('library search marks', () => {
  it('marks in each answer its own words, never "is" or "the" by themselves', () => {
    // Prepare: one answer says MFA as a phrase with "is" inside; the other says "is" elsewhere.
    const enforced = answer('a', 'Do you require MFA?', 'Yes, MFA is enforced for the administrators.');
    const keys = answer('b', 'Is the data encrypted?', 'It is, and multi-factor unlocks the keys.');

    // Act
    const query = libraryQuery('multi-factor');

    // Assess: both found; each marks the words it holds, without "is" or "the".
    expect(query.matches(enforced) && query.matches(keys)).toBe(true);
    expect(query.marked(enforced)).toEqual(['enforced', 'mfa', 'require']);
    expect(query.marked(keys)).toEqual(['factor', 'multi']);
  });

  it('keeps the words typed that mean something, and leaves out the ones that do not', () => {
    // Prepare
    const item = answer('c', 'Is there a vendor risk policy?', 'Vendors are reviewed yearly.');

    // Act
    const marked = libraryQuery('is vendor').marked(item);

    // Assess: "vendor" (a questionnaire word the analysis leaves out, typed here) is marked by its
    // beginning; "is" is not.
    expect(marked).toEqual(['vendor', 'vendors']);
  });
});
