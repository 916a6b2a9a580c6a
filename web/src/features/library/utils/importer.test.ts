import { describe, expect, it } from 'vitest';
import {
  autoIncluded,
  canToggleRows,
  chunksUnder,
  classificationOfText,
  columnProblem,
  guessColumnTypes,
  IMPORTER_MESSAGES,
  importItems,
} from './importer';

const rows = [
  ['Ref', 'Question', 'Response', 'Notes', 'Tags', 'Compliance'],
  [
    '1.1',
    'Is multi-factor authentication enforced for admins?',
    'Yes, on every administrative account.',
    '',
    'Access; MFA',
    'Yes',
  ],
  ['1.2', 'Do you encrypt backups?', 'Yes.', '', '', 'Yes'],
  ['', 'Section 2: Operations', '', '', '', ''],
];

describe('the library importer (spec 002 §5)', () => {
  it('guesses the columns from the header row', () => {
    expect(guessColumnTypes(rows)).toEqual([
      'IGNORE',
      'QUESTION',
      'ANSWER',
      'IGNORE',
      'TAGS',
      'COMPLIANCE_STATUS',
    ]);
  });

  it('words each column rule as the spec does', () => {
    expect(columnProblem(['IGNORE', 'ANSWER'])).toBe(IMPORTER_MESSAGES.question);
    expect(columnProblem(['QUESTION', 'IGNORE'])).toBe(IMPORTER_MESSAGES.answer);
    expect(columnProblem(['QUESTION', 'ANSWER', 'ANSWER'])).toBe(IMPORTER_MESSAGES.oneAnswer);
    expect(columnProblem(['QUESTION', 'ANSWER', 'COMPLIANCE_STATUS', 'COMPLIANCE_STATUS'])).toBe(
      IMPORTER_MESSAGES.oneCompliance,
    );
    expect(columnProblem(['QUESTION', 'ANSWER', 'TAGS', 'TAGS'])).toBe(IMPORTER_MESSAGES.oneTags);
    expect(columnProblem(['QUESTION', 'QUESTION', 'ANSWER'])).toBeNull();
    expect(canToggleRows(['QUESTION', 'IGNORE'])).toBe(false);
  });

  it('includes a row on its own only when question and answer each hold more than three words', () => {
    const types = guessColumnTypes(rows);
    expect(rows.map((r) => autoIncluded(r, types))).toEqual([false, true, false, false]);
  });

  it('joins question columns with blank lines, splits tags, reads compliance words, skips what is too short', () => {
    const types = ['QUESTION', 'QUESTION', 'ANSWER', 'IGNORE', 'TAGS', 'COMPLIANCE_STATUS'] as const;
    const { items, skipped } = importItems(rows, types, new Set([1, 2, 3]));
    expect(items).toEqual([
      {
        question: '1.1\n\nIs multi-factor authentication enforced for admins?',
        answer: 'Yes, on every administrative account.',
        tags: ['Access', 'MFA'],
        responseClassification: 'COMPLIANT',
      },
    ]);
    expect(skipped).toBe(2);
    expect(classificationOfText('Partially compliant.')).toBe('PARTIALLY-COMPLIANT');
    expect(classificationOfText('N/A')).toBe('NOT-APPLICABLE');
    expect(classificationOfText('Maybe')).toBeUndefined();
  });

  it('sends a large import in chunks under the body limit, in order, none empty', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      question: `Question ${i}`,
      answer: 'x'.repeat(100),
    }));
    const chunks = chunksUnder(items, 1_000);
    expect(chunks.flat()).toEqual(items);
    expect(chunks.every((c) => c.length > 0 && JSON.stringify(c).length <= 1_000 + c.length)).toBe(true);
    expect(chunks.length).toBeGreaterThan(5);
  });
});
