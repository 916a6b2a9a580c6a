import { describe, expect, it } from 'vitest';
import { rankAnswers, stem, terms } from './ranking';

const entry = (answerId: string, originalQuestion: string, answer: string) => ({
  answerId,
  originalQuestion,
  answer,
});
const LIBRARY = [
  entry(
    'mfa',
    'Is multi-factor authentication enforced on administrative accounts?',
    'Yes, on every admin account.',
  ),
  entry('backup', 'How often are backups taken?', 'Daily encrypted backups, kept 35 days.'),
  entry('encryption', 'Is customer data encrypted at rest?', 'Yes, AES-256 with keys in a managed KMS.'),
  entry('pentest', 'Do you run an annual penetration test?', 'Yes, by an independent firm.'),
];

describe('ranking library answers', () => {
  it('folds word forms and leaves stop words out', () => {
    expect(stem('encrypted')).toBe(stem('encrypting'));
    expect(stem('backups')).toBe('backup');
    expect(terms('How is the data encrypted?')).toEqual(['data', 'encrypt']);
  });

  it('puts the entry whose question matches first, above one whose answer mentions the words', () => {
    // Act
    const ranked = rankAnswers(LIBRARY, 'Do you encrypt data at rest?', 3);

    // Assess
    expect(ranked.map((r) => r.entry.answerId)).toEqual(['encryption', 'backup']);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
  });

  it('finds nothing for a query of stop words or unknown words', () => {
    expect(rankAnswers(LIBRARY, 'what is it', 5)).toEqual([]);
    expect(rankAnswers(LIBRARY, 'quantum blockchain', 5)).toEqual([]);
  });
});
