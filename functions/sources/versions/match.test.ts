/** Matching a questionnaire's previous questions to the rows of its new version. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchVersions, type NextRow, type PreviousQuestion, placeNewRows } from './match';

const previous = (id: string, question: string, referenceNumber?: string): PreviousQuestion => ({
  id,
  question,
  referenceNumber,
});
const row = (key: string, question: string, referenceNumber?: string): NextRow => ({
  key,
  question,
  referenceNumber,
});

describe('matchVersions', () => {
  it('keeps every question of an unchanged file, whatever rows were inserted above it', () => {
    // Prepare: v2 inserts a question at the top, so every later row (and its number) moves down.
    const before = [
      previous('q1', 'Do you encrypt customer data at rest?', '1.1'),
      previous('q2', 'Is multi-factor authentication enforced for administrators?', '1.2'),
    ];
    const after = [
      row('s:3', 'Do you have a named security officer?', '1.1'),
      row('s:4', 'Do you encrypt customer data at rest?', '1.2'),
      row('s:5', 'Is multi-factor authentication enforced for administrators?', '1.3'),
    ];

    // Act
    const result = matchVersions(before, after);

    // Assess
    expect(result.matches).toEqual([
      { id: 'q1', key: 's:4', kind: 'UNCHANGED' },
      { id: 'q2', key: 's:5', kind: 'UNCHANGED' },
    ]);
    expect(result.added).toEqual(['s:3']);
    expect(result.removed).toEqual([]);
  });

  it('pairs a reworded question with its new wording, and leaves an unrelated one new and removed', () => {
    // Prepare
    const before = [
      previous('q1', 'Are backups stored separately from production?', 'BCP-02'),
      previous('q2', 'Do you run an annual penetration test?', 'TVM-04'),
    ];
    const after = [
      row(
        's:2',
        'Are backup copies kept in a location separate from the primary production systems?',
        'BCP-02',
      ),
      row('s:3', 'Describe your data retention schedule.', 'DSP-07'),
    ];

    // Act
    const result = matchVersions(before, after);

    // Assess
    expect(result.matches).toEqual([{ id: 'q1', key: 's:2', kind: 'REWORDED' }]);
    expect(result.added).toEqual(['s:3']);
    expect(result.removed).toEqual(['q2']);
  });

  it('matches the same wording across case, punctuation and spacing as unchanged', () => {
    // Prepare / Act
    const result = matchVersions(
      [previous('q1', 'Do you encrypt data in transit?')],
      [row('k', '  do you ENCRYPT data in-transit ')],
    );

    // Assess
    expect(result.matches).toEqual([{ id: 'q1', key: 'k', kind: 'UNCHANGED' }]);
  });

  it('pairs repeated wordings one to one, in order', () => {
    // Prepare / Act
    const result = matchVersions(
      [previous('a', 'Comments'), previous('b', 'Comments')],
      [row('x', 'Comments'), row('y', 'Comments'), row('z', 'Comments')],
    );

    // Assess
    expect(result.matches.map((m) => `${m.id}>${m.key}`)).toEqual(['a>x', 'b>y']);
    expect(result.added).toEqual(['z']);
  });

  it('never pairs a question twice, and accounts for every question and row exactly once', () => {
    const words = ['data', 'encrypt', 'backup', 'access', 'review', 'vendor', 'policy', 'incident'];
    const wording = fc
      .array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 })
      .map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(wording, fc.option(fc.constantFrom('1', '2', '3'), { nil: undefined })), {
          maxLength: 12,
        }),
        fc.array(fc.tuple(wording, fc.option(fc.constantFrom('1', '2', '3'), { nil: undefined })), {
          maxLength: 12,
        }),
        (olds, news) => {
          // Prepare
          const before = olds.map(([q, r], i) => previous(`q${i}`, q, r));
          const after = news.map(([q, r], i) => row(`k${i}`, q, r));

          // Act
          const result = matchVersions(before, after);

          // Assess
          const ids = [...result.matches.map((m) => m.id), ...result.removed].sort();
          const keys = [...result.matches.map((m) => m.key), ...result.added].sort();
          expect(ids).toEqual(before.map((p) => p.id).sort());
          expect(keys).toEqual(after.map((n) => n.key).sort());
        },
      ),
    );
  });
});

describe('matchVersions by place', () => {
  it('pairs a reworded question renumbered by an insertion, by its place between matched ones', () => {
    // Prepare: an insertion above moves every number on, so 1.3 (reworded) is 1.4 in the new file.
    const before = [
      previous('a', 'Do you maintain a security policy?', '1.1'),
      previous('b', 'Are backups stored separately from production?', '1.2'),
      previous('c', 'Do you encrypt customer data at rest?', '1.3'),
    ];
    const after = [
      row('k0', 'Have you appointed a security officer?', '1.1'),
      row('k1', 'Do you maintain a security policy?', '1.2'),
      row('k2', 'Are backup copies kept in a location separate from the primary production systems?', '1.3'),
      row('k3', 'Do you encrypt customer data at rest?', '1.4'),
    ];

    // Act
    const result = matchVersions(before, after);

    // Assess
    expect(result.matches).toContainEqual({ id: 'b', key: 'k2', kind: 'REWORDED' });
    expect(result.added).toEqual(['k0']);
    expect(result.removed).toEqual([]);
  });
});

describe('placeNewRows', () => {
  it('gives each new row an id that sorts right after the question it follows, or before the first', () => {
    // Prepare: ids as newQuestionId makes them (9 time characters, 4 sequence, 8 random).
    const a = '00abcdef10001aaaaaaaa';
    const b = '00abcdef10002bbbbbbbb';
    const matched = new Map([
      ['s:5', a],
      ['s:7', b],
    ]);

    // Act
    const placed = placeNewRows(['s:4', 's:5', 's:6', 's:7', 's:8', 's:9'], matched);

    // Assess: the list in id order reads as the new file.
    const order = Object.entries({ ...placed, 's:5': a, 's:7': b })
      .sort(([, x], [, y]) => x.localeCompare(y))
      .map(([key]) => key);
    expect(order).toEqual(['s:4', 's:5', 's:6', 's:7', 's:8', 's:9']);
    expect(Object.values(placed).every((id) => /^[A-Za-z0-9_=-]{1,128}$/.test(id))).toBe(true);
  });

  it('places nothing when no question was matched (new ids as usual)', () => {
    expect(placeNewRows(['s:1', 's:2'], new Map())).toEqual({});
  });
});
