import { describe, expect, it } from 'vitest';
import { bulkActionsFor, bulkLabel, foundByAnswer, highlightParts, searchRequestOf } from './collections';

describe('bulk actions by collection (spec 002 §4)', () => {
  it('offers each button exactly where the rules allow it', () => {
    expect(bulkActionsFor('AVAILABLE')).toEqual(['ARCHIVE', 'FLAG']);
    expect(bulkActionsFor('NEEDS_REVIEW')).toEqual(['ARCHIVE', 'MAKE_AVAILABLE']);
    expect(bulkActionsFor('ARCHIVE')).toEqual(['FLAG', 'MAKE_AVAILABLE']);
    expect(bulkActionsFor('CANDIDATES')).toEqual(['DISCARD', 'ADD_TO_LIBRARY']);
    expect(bulkActionsFor('FAVOURITES')).toEqual(['ARCHIVE', 'FLAG']);
    expect(bulkActionsFor('collection:abc')).toEqual(['ARCHIVE', 'FLAG']);
  });

  it('puts the count in the label, singular for one', () => {
    expect(bulkLabel('ARCHIVE', 1)).toBe('Archive 1 Answer');
    expect(bulkLabel('FLAG', 3)).toBe('Flag 3 Answers for Review');
    expect(bulkLabel('MAKE_AVAILABLE', 2)).toBe('Make 2 Answers available');
    expect(bulkLabel('DISCARD', 1)).toBe('Discard 1 Answer');
    expect(bulkLabel('ADD_TO_LIBRARY', 4)).toBe('Add 4 Answers to Library');
  });
});

describe('the search a collection asks for', () => {
  it('names the view or the team collection, with the trimmed term', () => {
    expect(searchRequestOf('NEEDS_REVIEW', '  mfa ')).toEqual({ view: 'NEEDS_REVIEW', searchTerm: 'mfa' });
    expect(searchRequestOf('collection:c1', '')).toEqual({ collectionId: 'c1' });
  });
});

describe('highlighting', () => {
  it('marks every search word, whatever its case, and keeps the rest', () => {
    expect(highlightParts('MFA is enforced; mfa everywhere', 'mfa')).toEqual([
      { text: 'MFA', match: true },
      { text: ' is enforced; ', match: false },
      { text: 'mfa', match: true },
      { text: ' everywhere', match: false },
    ]);
    expect(highlightParts('a (b) c', '(b)')).toEqual([
      { text: 'a ', match: false },
      { text: '(b)', match: true },
      { text: ' c', match: false },
    ]);
    expect(highlightParts('nothing', '')).toEqual([{ text: 'nothing', match: false }]);
  });

  it("marks the words the server's search found, whole, whatever their case and accents", () => {
    // Prepare: the server found "encrypted" and "encryption" for the search "encryption".
    const found = ['encrypted', 'encryption', 'cafe'];

    // Act
    const parts = highlightParts(
      'Encrypted backups; encryption-at-rest (AES) at the Café.',
      'encryption',
      found,
    );

    // Assess: whole words marked, the rest kept, nothing lost.
    expect(parts).toEqual([
      { text: 'Encrypted', match: true },
      { text: ' backups; ', match: false },
      { text: 'encryption', match: true },
      { text: '-at-rest (AES) at the ', match: false },
      { text: 'Café', match: true },
      { text: '.', match: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(
      'Encrypted backups; encryption-at-rest (AES) at the Café.',
    );
    // A word that only contains a found one is not marked.
    expect(highlightParts('unencrypted', 'encrypted', ['encrypted'])).toEqual([
      { text: 'unencrypted', match: false },
    ]);
  });

  it("marks in each answer only that answer's words, and nothing in an answer without any", () => {
    // Prepare: two pages; the first answer's words came from "MFA is enforced", the second answer
    // has none (the server leaves it out), though its text says "MFA" and "is".
    const pages: Array<{ highlights: Record<string, string[]> }> = [
      { highlights: { a1: ['mfa', 'enforced'] } },
      { highlights: { a3: ['multi', 'factor'] } },
    ];
    const other = 'Access is reviewed; MFA was mentioned elsewhere.';

    // Act
    const found = foundByAnswer(pages);
    const first = highlightParts('MFA is enforced.', 'multi-factor', found.get('a1'));
    const second = highlightParts(other, 'is', found.get('a2') ?? []);
    const third = highlightParts('Multi-factor everywhere', 'multi-factor', found.get('a3'));

    // Assess: "is" is not marked in the first; the second, with no words of its own, marks nothing
    // (not the first's "mfa", nor "is" when that is what was typed); the third its own words.
    expect(first).toEqual([
      { text: 'MFA', match: true },
      { text: ' is ', match: false },
      { text: 'enforced', match: true },
      { text: '.', match: false },
    ]);
    expect(second).toEqual([{ text: other, match: false }]);
    expect(third.filter((p) => p.match).map((p) => p.text)).toEqual(['Multi', 'factor']);
  });
});
