import { describe, expect, it } from 'vitest';
import type { Annotation, DocumentContent } from '../../../shared/schemas/source';
import { detectDocumentQuestions } from '../../common/formats/detect-document';
import { carryAnnotations } from './carry-annotations';

const contentOf = (texts: string[]): DocumentContent => ({
  html: '',
  nodes: texts.map((text, i) => ({ nodeId: `p${i}`, kind: 'paragraph' as const, text })),
});

const part = (
  nodeId: string,
  annotationType: Annotation['annotationType'],
  parentNodeId?: string,
): Annotation => ({
  nodeId,
  annotationType,
  ...(parentNodeId ? { parentNodeId } : {}),
  inTable: false,
  hasContent: false,
  text: '',
});

const pairs = (annotations: Annotation[]) =>
  annotations.map((a) => [a.annotationType, a.nodeId, a.parentNodeId ?? '']);

describe('carryAnnotations', () => {
  it("applies the previous document's hand-made annotations to the matching questions of the new one", () => {
    // Prepare: in v1 the user linked a statement by hand (with the paragraph after its label as the
    // place), left a detected question out, and chose an answer place detection had not found.
    const previousContent = contentOf([
      'Do you have a security policy?',
      '',
      'Name the certifications you hold.',
      'Response:',
      '',
      'Do you encrypt backups?',
      '',
      'Is there anything else we should know?',
      '',
      'Do you run penetration tests?',
      'Notes',
      '',
    ]);
    const previousSuggestion = detectDocumentQuestions(previousContent);
    const saved = [
      ...previousSuggestion.filter((a) => a.nodeId !== 'p7' && a.parentNodeId !== 'p7'),
      part('p2', 'QUESTION'),
      part('p4', 'ANSWER', 'p2'),
      part('p11', 'ANSWER', 'p9'),
    ];
    // v2: a line and a question inserted above, one question reworded.
    const nextContent = contentOf([
      'Version 2',
      'Do you have a security policy?',
      '',
      'Do you use single sign-on?',
      '',
      'Name the certifications you hold.',
      'Response:',
      '',
      'Do you encrypt backups at rest?',
      '',
      'Is there anything else we should know?',
      '',
      'Do you run penetration tests?',
      'Notes',
      '',
    ]);
    const nextSuggestion = detectDocumentQuestions(nextContent);

    // Act
    const carried = carryAnnotations(
      { content: previousContent, annotations: saved, suggestion: previousSuggestion },
      { content: nextContent, annotations: [], suggestion: nextSuggestion },
    );

    // Assess
    expect(pairs(nextSuggestion)).toContainEqual(['QUESTION', 'p10', '']);
    expect(pairs(carried)).toEqual([
      ['QUESTION', 'p1', ''],
      ['ANSWER', 'p2', 'p1'],
      ['QUESTION', 'p3', ''],
      ['ANSWER', 'p4', 'p3'],
      ['QUESTION', 'p5', ''],
      ['ANSWER', 'p7', 'p5'],
      ['QUESTION', 'p8', ''],
      ['ANSWER', 'p9', 'p8'],
      ['QUESTION', 'p12', ''],
      ['ANSWER', 'p14', 'p12'],
    ]);
    expect(carried.find((a) => a.nodeId === 'p5')?.text).toBe('Name the certifications you hold.');
  });

  it('takes the detection as it is when nothing was made by hand', () => {
    // Prepare
    const content = contentOf(['Do you have a security policy?', '', 'Do you encrypt backups?', '']);
    const suggestion = detectDocumentQuestions(content);

    // Act
    const carried = carryAnnotations(
      { content, annotations: suggestion, suggestion },
      { content, annotations: [], suggestion },
    );

    // Assess
    expect(carried).toBe(suggestion);
  });
});
