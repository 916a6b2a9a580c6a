import { describe, expect, it } from 'vitest';
import type { DocumentContent } from '../../../shared/schemas/source';
import { detectDocumentQuestions } from '../../common/formats/detect-document';
import { type DocumentVersion, sameQuestionnaire } from './same-document';

const version = (fileName: string, texts: Array<string | [string, number]>): DocumentVersion => {
  const content: DocumentContent = {
    html: '',
    nodes: texts.map((t, i) => ({
      nodeId: `p${i}`,
      kind: 'paragraph' as const,
      text: typeof t === 'string' ? t : t[0],
      ...(typeof t === 'string' ? {} : { headingLevel: t[1] }),
    })),
  };
  return { fileName, content, annotations: detectDocumentQuestions(content) };
};

const QUESTIONS = [
  'Do you have a written security policy?',
  '',
  'Do you encrypt customer data at rest?',
  '',
  'Do you run penetration tests every year?',
  '',
  'Do you review access rights every quarter?',
  '',
  'Is there a named data protection officer?',
  '',
];

describe('sameQuestionnaire', () => {
  it('takes the same file name, the same first headings or a very similar question set as the same questionnaire', () => {
    // Prepare
    const previous = version('Acme security review.docx', [
      ['Organisation', 1],
      ...QUESTIONS.slice(0, 4),
      ['Operations', 1],
      ...QUESTIONS.slice(4),
    ]);
    const other = [
      'Where is your head office?',
      '',
      'How many staff do you have?',
      '',
      'Who owns the company?',
      '',
    ];

    // Act
    const outcomes = {
      copyOfName: sameQuestionnaire(previous, version('acme security review (1).DOCX', other)),
      sameHeadings: sameQuestionnaire(
        previous,
        version('Review 2027.docx', [['Organisation', 1], ...other, ['Operations', 1]]),
      ),
      similarQuestions: sameQuestionnaire(
        previous,
        version('Renewal.docx', [...QUESTIONS.slice(0, 8), 'Do you encrypt laptops?', '']),
      ),
      unrelated: sameQuestionnaire(previous, version('Renewal.docx', [['Organisation', 1], ...other])),
      fewShared: sameQuestionnaire(previous, version('Renewal.docx', [...QUESTIONS.slice(0, 4), ...other])),
    };

    // Assess
    expect(outcomes).toEqual({
      copyOfName: true,
      sameHeadings: true,
      similarQuestions: true,
      unrelated: false,
      fewShared: false,
    });
  });
});
