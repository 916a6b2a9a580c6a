/**
 * Library health's rules (functions/library/health/detect.ts): which questions are duplicates, how
 * they are grouped (pairs marked distinct stay apart, even through a third question), which
 * answers of a group conflict, and what a merge keeps.
 */
import { describe, expect, it } from 'vitest';
import { claimsOf, clashOf } from '../../functions/common/contradiction';
import {
  DUPLICATE_THRESHOLD,
  distinctPairs,
  findDuplicateGroups,
  type HealthEntry,
  idOf,
  mergedInto,
  questionSimilarity,
} from '../../functions/library/health/detect';
import { bankLibrary } from '../../scripts/bench/suggestion-library';

const DETECTOR = { claimsOf, clashOf };

/** The public answer bank as the rest of the library, so term weights are a real library's. */
const bank: HealthEntry[] = bankLibrary().map((e) => ({ ...e, answerId: `bank-${e.answerId}` }));

const entry = (
  answerId: string,
  originalQuestion: string,
  answer = 'Yes.',
  responseClassification?: string,
) => ({
  answerId,
  originalQuestion,
  answer,
  ...(responseClassification ? { responseClassification } : {}),
});

const groupWith = (groups: ReturnType<typeof findDuplicateGroups>, answerId: string) =>
  groups.find((g) => g.answerIds.includes(answerId));

describe('duplicate questions', () => {
  it('finds the same concept in other words, and not a neighbouring concept', () => {
    // Prepare
    const corpus = bank.map((e) => e.originalQuestion);
    // Act
    const same = questionSimilarity(
      'Do you enforce 2FA for administrator logins?',
      'Is multi-factor authentication required for admin accounts?',
      corpus,
    );
    const other = questionSimilarity(
      'Do you enforce 2FA for administrator logins?',
      'How often are administrator access rights reviewed?',
      corpus,
    );
    // Assess
    expect(same).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
    expect(other).toBeLessThan(DUPLICATE_THRESHOLD);
  });

  it('groups the duplicates of a library and leaves the rest alone', () => {
    // Prepare
    const entries = [
      ...bank,
      entry('mfa-1', 'Do you enforce 2FA for administrator logins?'),
      entry('mfa-2', 'Is multi-factor authentication required for admin accounts?'),
      entry('mfa-3', 'Do administrators have to use MFA when they log in?'),
      entry('colour', 'Which colour is the logo of your company?'),
    ];
    // Act
    const groups = findDuplicateGroups(entries, { contradiction: DETECTOR });
    // Assess
    const mfa = groupWith(groups, 'mfa-1');
    expect(mfa?.answerIds).toEqual(expect.arrayContaining(['mfa-1', 'mfa-2', 'mfa-3']));
    expect(mfa?.groupId).toBe(idOf('G', mfa?.answerIds ?? []));
    expect(groupWith(groups, 'colour')).toBeUndefined();
    // Each answer is in one group at most.
    const all = groups.flatMap((g) => g.answerIds);
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps answers marked distinct apart, even when a third question resembles both', () => {
    // Prepare
    const entries = [
      ...bank,
      entry('a', 'Do you enforce 2FA for administrator logins?'),
      entry('b', 'Is multi-factor authentication required for admin accounts?'),
      entry('c', 'Do administrators have to use MFA when they log in?'),
    ];
    const before = groupWith(findDuplicateGroups(entries, { contradiction: DETECTOR }), 'a');
    // Act
    const groups = findDuplicateGroups(entries, {
      contradiction: DETECTOR,
      distinct: distinctPairs([['a', 'b']]),
    });
    // Assess
    expect(before?.answerIds).toEqual(expect.arrayContaining(['a', 'b']));
    const ofA = groupWith(groups, 'a');
    expect(ofA?.answerIds ?? ['a']).not.toContain('b');
    expect(groupWith(groups, 'b')?.answerIds ?? ['b']).not.toContain('a');
  });
});

describe('conflicts among duplicates', () => {
  it('finds Yes against No, and texts that contradict, but not two answers that agree', () => {
    // Prepare
    const entries = [
      ...bank,
      entry(
        'yes',
        'Do you enforce 2FA for administrator logins?',
        'Yes, for every administrator.',
        'COMPLIANT',
      ),
      entry(
        'no',
        'Is multi-factor authentication required for admin accounts?',
        'Not at present.',
        'NON-COMPLIANT',
      ),
      entry(
        'enc-1',
        'Is customer data encrypted at rest?',
        'Customer data is encrypted at rest with AES-256.',
      ),
      entry(
        'enc-2',
        'Do you encrypt stored customer data at rest?',
        'Customer data is not encrypted at rest.',
      ),
      entry(
        'bk-1',
        'Are backups tested by restoring them?',
        'Backups are restored in a test every quarter.',
        'COMPLIANT',
      ),
      entry(
        'bk-2',
        'Do you test backups with a restore?',
        'Yes, we restore a backup every quarter.',
        'COMPLIANT',
      ),
    ];
    // Act
    const groups = findDuplicateGroups(entries, { contradiction: DETECTOR });
    // Assess
    const mfa = groupWith(groups, 'yes');
    expect(mfa?.conflicts).toEqual([expect.objectContaining({ kind: 'COMPLIANCE' })]);
    const encryption = groupWith(groups, 'enc-1');
    expect(encryption?.answerIds).toContain('enc-2');
    // The bank's own encryption-at-rest answer contradicts enc-2 too.
    expect(encryption?.conflicts).toContainEqual(
      expect.objectContaining({
        a: 'enc-1',
        b: 'enc-2',
        kind: 'CONTRADICTION',
        phraseA: 'Customer data is encrypted at rest with AES-256',
        phraseB: 'Customer data is not encrypted at rest',
      }),
    );
    expect(encryption?.conflicts.every((c) => c.a === 'enc-2' || c.b === 'enc-2')).toBe(true);
    const backups = groupWith(groups, 'bk-1');
    expect(backups?.answerIds).toContain('bk-2');
    expect(backups?.conflicts).toEqual([]);
  });
});

describe('merging', () => {
  it('the kept answer gains the usage, tags, collections and documents of the others, once each', () => {
    // Prepare
    const keep = { answerId: 'k', usageCount: 3, tags: ['mfa'], collectionIds: ['c1'], documentIds: ['d1'] };
    const others = [
      {
        answerId: 'o1',
        usageCount: 2,
        tags: ['mfa', 'admins'],
        collectionIds: ['c2'],
        documentIds: ['d1', 'd2'],
      },
      { answerId: 'o2', usageCount: 1, tags: [], collectionIds: [] },
    ];
    // Act: one question used both k and o1.
    const merged = mergedInto(keep, others, 1);
    // Assess
    expect(merged).toEqual({
      usageCount: 5,
      tags: ['mfa', 'admins'],
      collectionIds: ['c1', 'c2'],
      documentIds: ['d1', 'd2'],
    });
  });
});
