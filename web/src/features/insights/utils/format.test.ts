import { INSIGHTS_MESSAGES } from '@shared/schemas/insights';
import { describe, expect, it } from 'vitest';
import { ALL_INDUSTRIES, ALL_PROJECTS } from './filters';
import {
  CLASSIFICATION_COLORS,
  CLASSIFICATION_LABELS,
  formatAnsweredOn,
  industryOptions,
  personOrDash,
  projectOptions,
  resultSummary,
} from './format';
import { FOLD_ANSWER_CHARACTERS, isLongText } from './text';

describe('formatAnsweredOn', () => {
  it('writes Do MMM YYYY in local time', () => {
    expect(formatAnsweredOn(new Date(2026, 2, 5, 10, 30).toISOString())).toBe('5th Mar 2026');
    expect(formatAnsweredOn(new Date(2025, 10, 22, 23, 59).toISOString())).toBe('22nd Nov 2025');
    expect(formatAnsweredOn(new Date(2026, 0, 11).toISOString())).toBe('11th Jan 2026');
  });

  it('is empty for a missing or unreadable date', () => {
    expect(formatAnsweredOn(null)).toBe('');
    expect(formatAnsweredOn('not a date')).toBe('');
  });
});

describe('resultSummary', () => {
  it("says '{n} questions found.' below the cap", () => {
    expect(resultSummary(37, false)).toBe('37 questions found.');
    expect(resultSummary(100, false)).toBe('100 questions found.');
  });

  it('says exactly the cap message once capped', () => {
    expect(resultSummary(100, true)).toBe(INSIGHTS_MESSAGES.capped);
    expect(resultSummary(100, true)).toBe(
      'Search is limited to 100 questions. Click export to download all questions as a CSV.',
    );
  });
});

describe('classification badges', () => {
  it('use the spec texts and the product colours', () => {
    expect(CLASSIFICATION_LABELS).toMatchObject({
      COMPLIANT: 'Compliant',
      'NON-COMPLIANT': 'Not compliant',
      'PARTIALLY-COMPLIANT': 'Partially Compliant',
      'NOT-APPLICABLE': 'Not Applicable',
    });
    expect(CLASSIFICATION_COLORS).toMatchObject({
      COMPLIANT: 'teal',
      'NON-COMPLIANT': 'red',
      'PARTIALLY-COMPLIANT': 'orange',
      'NOT-APPLICABLE': 'gray',
    });
  });
});

describe('projectOptions', () => {
  it("puts 'All Projects' (id 0) first, then each project once by name", () => {
    expect(
      projectOptions([
        { projectId: 'b', name: 'zeta review' },
        { projectId: 'a', name: 'Alpha review' },
        { projectId: 'a', name: 'Alpha review' },
        { projectId: 'c', name: '  ' },
      ]),
    ).toEqual([
      { value: ALL_PROJECTS, label: 'All Projects' },
      { value: 'a', label: 'Alpha review' },
      { value: 'c', label: 'Untitled project' },
      { value: 'b', label: 'zeta review' },
    ]);
  });
});

describe('industryOptions', () => {
  it("puts 'All Industries' first, then each industry once by name", () => {
    expect(
      industryOptions([
        { industryVertical: 'Retail' },
        { industryVertical: 'Banking' },
        { industryVertical: 'Retail' },
        { industryVertical: ' ' },
      ]),
    ).toEqual([
      { value: ALL_INDUSTRIES, label: 'All Industries' },
      { value: 'Banking', label: 'Banking' },
      { value: 'Retail', label: 'Retail' },
    ]);
  });
});

describe('personOrDash', () => {
  it('shows the name, or a dash for nobody', () => {
    expect(personOrDash('Ines Insights')).toBe('Ines Insights');
    expect(personOrDash(null)).toBe('—');
    expect(personOrDash('  ')).toBe('—');
  });
});

describe('isLongText', () => {
  it('folds text past the characters or the lines that fit', () => {
    expect(isLongText('Yes.', FOLD_ANSWER_CHARACTERS)).toBe(false);
    expect(isLongText('x'.repeat(FOLD_ANSWER_CHARACTERS + 1), FOLD_ANSWER_CHARACTERS)).toBe(true);
    expect(isLongText('one\ntwo\nthree\nfour', FOLD_ANSWER_CHARACTERS)).toBe(true);
    expect(isLongText('one\ntwo\nthree', FOLD_ANSWER_CHARACTERS)).toBe(false);
  });
});
