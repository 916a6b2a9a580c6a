import type { Classification } from '@shared/schemas/question';
import { describe, expect, it } from 'vitest';
import {
  decideIncoming,
  differingFields,
  isChanged,
  isThirdParty,
  nextIncomplete,
  pagerOf,
  saveLabel,
  showTemplates,
  truncateTag,
  valuesOf,
} from './answer-editor';
import { ANSWER_TEMPLATES } from './answer-templates';

const values = (
  answer = '',
  responseClassification: Classification = 'INCOMPLETE',
  includeInLibrary = false,
) => ({
  answer,
  responseClassification,
  includeInLibrary,
});
const q = (questionId: string, responseStatus: 'INCOMPLETE' | 'IN-PROGRESS' | 'COMPLETE') => ({
  questionId,
  responseStatus,
});
const standard = { projectType: 'STANDARD' as const, thirdPartyProjectUrl: undefined };

describe('the answer editor', () => {
  it('is changed when text, classification or the library flag differs, and names the fields', () => {
    const saved = values('Yes');
    expect(isChanged(saved, values('Yes'))).toBe(false);
    expect(differingFields(saved, values('Yes.'))).toEqual(['Answer']);
    expect(differingFields(saved, { ...saved, responseClassification: 'COMPLIANT' })).toEqual([
      'Classification',
    ]);
    expect(differingFields(saved, { ...saved, includeInLibrary: true })).toEqual(['Include in Library']);
    expect(
      differingFields(saved, {
        answer: 'No',
        responseClassification: 'NON-COMPLIANT',
        includeInLibrary: true,
      }),
    ).toEqual(['Answer', 'Classification', 'Include in Library']);
  });

  it('forces the library flag off in PRIVATE projects', () => {
    expect(valuesOf(values('a', 'INCOMPLETE', true), { accessVisibility: 'PRIVATE' }).includeInLibrary).toBe(
      false,
    );
    expect(valuesOf(values('a', 'INCOMPLETE', true), { accessVisibility: 'TEAM' }).includeInLibrary).toBe(
      true,
    );
  });

  it('decides what a newer version of the question does to the editor', () => {
    const base = { ...values('Ours'), version: 3 };
    expect(decideIncoming(base, values('Mine'), { ...values('Theirs'), version: 3 })).toBe('none');
    expect(decideIncoming(base, values('Ours'), { ...values('Theirs'), version: 4 })).toBe('apply');
    expect(decideIncoming(base, values('Mine'), { ...values('Ours'), version: 4 })).toBe('rebase');
    expect(decideIncoming(base, values('Mine'), { ...values('Theirs'), version: 4 })).toBe('ask');
    expect(decideIncoming(base, values('Mine'), { ...values('Ours', 'COMPLIANT'), version: 5 })).toBe('ask');
  });
});

describe('the save button', () => {
  const list = [q('a', 'COMPLETE'), q('b', 'INCOMPLETE'), q('c', 'IN-PROGRESS'), q('d', 'INCOMPLETE')];

  it('goes to the next incomplete question in list order, wrapping round', () => {
    expect(nextIncomplete(list, 'a')).toBe('b');
    expect(nextIncomplete(list, 'b')).toBe('d');
    expect(nextIncomplete(list, 'd')).toBe('b');
    expect(nextIncomplete([q('a', 'INCOMPLETE')], 'a')).toBeNull();
    expect(nextIncomplete(list, 'gone')).toBe('b');
  });

  it("reads 'Save & Copy' for third-party projects, 'Save & Next' while others are incomplete, else 'Save'", () => {
    expect(saveLabel(standard, list, 'a')).toBe('Save & Next');
    expect(saveLabel(standard, [q('a', 'INCOMPLETE'), q('b', 'COMPLETE')], 'a')).toBe('Save');
    expect(
      saveLabel({ projectType: 'STANDARD', thirdPartyProjectUrl: 'portal.example.com' }, list, 'a'),
    ).toBe('Save & Copy');
    expect(saveLabel({ projectType: 'THIRD-PARTY', thirdPartyProjectUrl: undefined }, list, 'a')).toBe(
      'Save & Copy',
    );
    expect(isThirdParty({ projectType: 'STANDARD', thirdPartyProjectUrl: '  ' })).toBe(false);
  });
});

describe('the pager', () => {
  it("shows 'N of M' with the neighbours", () => {
    const list = [{ questionId: 'a' }, { questionId: 'b' }, { questionId: 'c' }];
    expect(pagerOf(list, 'a')).toEqual({ position: 1, total: 3, previous: null, next: 'b' });
    expect(pagerOf(list, 'b')).toEqual({ position: 2, total: 3, previous: 'a', next: 'c' });
    expect(pagerOf(list, 'c')).toEqual({ position: 3, total: 3, previous: 'b', next: null });
    expect(pagerOf(list, 'x')).toEqual({ position: 0, total: 3, previous: null, next: null });
  });
});

describe('templates and tags', () => {
  it('shows templates only while the saved question has neither answer text nor a classification', () => {
    expect(showTemplates(values(''))).toBe(true);
    expect(showTemplates(values('  '))).toBe(true);
    expect(showTemplates(values('Yes'))).toBe(false);
    expect(showTemplates(values('', 'NOT-APPLICABLE'))).toBe(false);
  });

  it('offers templates for each classification, none of them longer than an answer may be', () => {
    for (const c of ['COMPLIANT', 'PARTIALLY-COMPLIANT', 'NON-COMPLIANT', 'NOT-APPLICABLE'])
      expect(ANSWER_TEMPLATES.filter((t) => t.classification === c).length).toBeGreaterThan(0);
    for (const t of ANSWER_TEMPLATES) expect(t.answer.length).toBeLessThanOrEqual(4000);
    expect(new Set(ANSWER_TEMPLATES.map((t) => t.id)).size).toBe(ANSWER_TEMPLATES.length);
  });

  it('truncates tags to 30 characters', () => {
    expect(truncateTag('ISO 27001')).toBe('ISO 27001');
    expect(truncateTag('x'.repeat(30))).toBe('x'.repeat(30));
    const long = truncateTag('y'.repeat(31));
    expect(long).toHaveLength(30);
    expect(long.endsWith('...')).toBe(true);
  });
});
