/**
 * The consistency check without I/O (functions/library/consistency/check.ts): pairs of answers
 * that contradict, answers that contradict the library's entry for their question, and what is
 * never checked (unreviewed drafts, deleted or unlinked questions, agreeing answers).
 */
import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../../functions/common/entities';
import { findInconsistencies, type LibraryEntry } from '../../functions/library/consistency/check';

let sequence = 0;
const question = (text: string, answer: string, extra: Partial<QuestionItem> = {}): QuestionItem =>
  ({
    teamId: 't',
    projectId: 'p',
    questionId: `q${++sequence}`,
    question: text,
    answer,
    responseStatus: 'IN-PROGRESS',
    responseClassification: 'INCOMPLETE',
    includeInLibrary: false,
    creationType: 'MANUAL',
    isLinked: true,
    version: 1,
    ...extra,
  }) as QuestionItem;
const noLibrary = () => [];

describe('findInconsistencies', () => {
  it('finds each contradicting pair once, naming both questions and phrases', () => {
    // Prepare
    const enforced = question('Is MFA required?', 'Yes. MFA is enforced for all users.');
    const optional = question('How do staff sign in?', 'With Google Workspace; MFA is optional.');
    const agreeing = question('Do admins use MFA?', 'All staff must use MFA.');
    const other = question('Where is data hosted?', 'In AWS Sydney.');

    // Act
    const findings = findInconsistencies([enforced, optional, agreeing, other], noLibrary);

    // Assess: the optional answer clashes with both enforcing answers; the two enforcing ones agree.
    expect(findings.map((f) => [f.a.questionId, f.b.questionId].sort())).toEqual(
      expect.arrayContaining([
        [enforced.questionId, optional.questionId].sort(),
        [agreeing.questionId, optional.questionId].sort(),
      ]),
    );
    expect(findings).toHaveLength(2);
    const first = findings.find((f) => f.a.questionId === enforced.questionId);
    expect(first).toMatchObject({
      kind: 'PAIR',
      concept: 'Multi-factor authentication',
      a: { question: 'Is MFA required?', phrase: 'MFA is enforced for all users' },
      b: { question: 'How do staff sign in?', phrase: 'MFA is optional' },
    });
  });

  it('gives a finding the same id while its questions and concept stay, and a new answers key when they change', () => {
    // Prepare
    const a = question('Is MFA required?', 'MFA is enforced for all users.');
    const b = question('How do staff sign in?', 'MFA is optional.');

    // Act
    const [before] = findInconsistencies([a, b], noLibrary);
    const [after] = findInconsistencies([a, { ...b, answer: 'MFA is optional for all staff.' }], noLibrary);

    // Assess
    expect(after.findingId).toBe(before.findingId);
    expect(after.answersKey).not.toBe(before.answersKey);
  });

  it('never checks unreviewed drafts, deleted or unlinked questions', () => {
    // Prepare
    const enforced = question('Is MFA required?', 'MFA is enforced for all users.');
    const draft = question('Sign-in?', 'MFA is optional.', {
      libraryDraft: { answerId: 'a', confidence: 0.95, runId: 'r', originalQuestion: 'x' },
    });
    const deleted = question('Sign-in 2?', 'MFA is optional.', { deletedAt: '2026-11-27T00:00:00Z' });
    const unlinked = question('Sign-in 3?', 'MFA is optional.', { isLinked: false });

    // Act
    const findings = findInconsistencies([enforced, draft, deleted, unlinked], noLibrary);

    // Assess
    expect(findings).toEqual([]);
  });

  it('finds an answer contradicting the library entry for its question', () => {
    // Prepare
    const asked = question(
      'Is customer data encrypted at rest?',
      'No. Customer data is not encrypted at rest.',
    );
    const entry: LibraryEntry = {
      answerId: 'lib-1',
      originalQuestion: 'Is customer data encrypted at rest?',
      answer: 'Yes. All customer data is encrypted at rest with AES-256.',
    };

    // Act
    const findings = findInconsistencies([asked], (q) => (q.questionId === asked.questionId ? [entry] : []));

    // Assess
    expect(findings).toEqual([
      expect.objectContaining({
        kind: 'LIBRARY',
        concept: 'Encryption at rest',
        a: expect.objectContaining({
          questionId: asked.questionId,
          phrase: 'Customer data is not encrypted at rest',
        }),
        b: {
          answerId: 'lib-1',
          question: 'Is customer data encrypted at rest?',
          phrase: 'All customer data is encrypted at rest with AES-256',
        },
      }),
    ]);
  });
});
