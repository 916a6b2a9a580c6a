import { describe, expect, it } from 'vitest';
import {
  answeredSections,
  classificationCounts,
  isAnswered,
  type TrustCentreQuestion,
} from './trust-centre-sections';

let next = 0;
const q = (fields: Partial<TrustCentreQuestion>): TrustCentreQuestion => ({
  questionId: `q${++next}`,
  question: 'Do you encrypt data at rest?',
  answer: '',
  responseClassification: 'INCOMPLETE',
  ...fields,
});

describe('isAnswered', () => {
  it.each([
    ['an answer', { answer: 'Yes, AES-256.' }, true],
    ['a classification only', { responseClassification: 'NOT-APPLICABLE' as const }, true],
    ['whitespace only', { answer: '  \n ' }, false],
    ['nothing', {}, false],
  ])('%s: %s', (_, fields, expected) => {
    expect(isAnswered(q(fields))).toBe(expected);
  });
});

describe('answeredSections', () => {
  it('keeps answered questions, grouped by section in order of appearance, General for none', () => {
    const questions = [
      q({ questionId: 'a', sectionDescription: 'Encryption', answer: 'Yes' }),
      q({ questionId: 'b', answer: 'We have a policy' }),
      q({ questionId: 'c', sectionDescription: 'Access', answer: '' }),
      q({ questionId: 'd', sectionDescription: ' Encryption ', responseClassification: 'COMPLIANT' }),
      q({ questionId: 'e', sectionDescription: '   ', responseClassification: 'NON-COMPLIANT' }),
      q({ questionId: 'f', sectionDescription: 'Access', answer: 'SSO only' }),
    ];
    const sections = answeredSections(questions);
    expect(sections.map((s) => [s.title, s.questions.map((x) => x.questionId)])).toEqual([
      ['Encryption', ['a', 'd']],
      ['General', ['b', 'e']],
      ['Access', ['f']],
    ]);
  });

  it('is empty when nothing is answered', () => {
    expect(answeredSections([q({}), q({ answer: ' ' })])).toEqual([]);
  });
});

describe('classificationCounts', () => {
  it('counts the classified answers only', () => {
    const sections = answeredSections([
      q({ responseClassification: 'COMPLIANT' }),
      q({ responseClassification: 'COMPLIANT', sectionDescription: 'X' }),
      q({ responseClassification: 'PARTIALLY-COMPLIANT' }),
      q({ answer: 'Unclassified answer' }),
    ]);
    expect(classificationCounts(sections)).toEqual({ COMPLIANT: 2, 'PARTIALLY-COMPLIANT': 1 });
  });
});
