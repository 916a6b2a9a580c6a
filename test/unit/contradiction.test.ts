/**
 * The contradiction detector (functions/common/contradiction): opposite claims on one security
 * concept are found and named; agreeing answers that share vocabulary, hedged plans and claims of
 * different scopes are not (a false alarm costs the user's trust).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findContradiction } from '../../functions/common/contradiction';
import { type LabelledPair, measureDetector } from '../../functions/common/contradiction/quality';

const PAIRS: LabelledPair[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'consistency', 'pairs.json'), 'utf8'),
).pairs;

describe('findContradiction', () => {
  it('names the concept and the clause of each text that clash', () => {
    // Prepare
    const a = 'Yes. MFA is enforced for all users, and backups run nightly.';
    const b = 'MFA is optional.';

    // Act
    const found = findContradiction(a, b);

    // Assess
    expect(found).toEqual({
      concept: 'Multi-factor authentication',
      a: 'MFA is enforced for all users',
      b: 'MFA is optional',
    });
  });

  it('reads "we do" against "we do not", antonyms and contractions', () => {
    // Prepare / Act / Assess
    expect(
      findContradiction('Customer data is encrypted at rest.', "Customer data isn't encrypted at rest.")
        ?.concept,
    ).toBe('Encryption at rest');
    expect(findContradiction('Backups are tested quarterly.', 'Backups are never tested.')?.concept).toBe(
      'Backup restore testing',
    );
    expect(
      findContradiction('2FA is mandatory for staff.', 'Two-factor authentication is optional.')?.concept,
    ).toBe('Multi-factor authentication');
  });

  it('takes a double negative as a positive claim', () => {
    // Prepare / Act / Assess: "not optional" agrees with "enforced"; "never unencrypted" with "encrypted".
    expect(findContradiction('MFA is not optional.', 'MFA is enforced for everyone.')).toBeUndefined();
    expect(
      findContradiction('Data is never stored unencrypted on disk.', 'All data at rest is encrypted.'),
    ).toBeUndefined();
    expect(findContradiction('Users cannot disable MFA.', 'MFA is optional.')).toBeDefined();
  });

  it('leaves plans, hedges and different scopes alone', () => {
    // Prepare / Act / Assess
    expect(findContradiction('We plan to enforce MFA next quarter.', 'MFA is optional.')).toBeUndefined();
    expect(
      findContradiction('MFA is optional for customers.', 'MFA is enforced for all staff.'),
    ).toBeUndefined();
    expect(
      findContradiction('MFA is enforced on administrative accounts.', 'MFA is optional.'),
    ).toBeUndefined();
    expect(
      findContradiction('Our cloud provider, AWS, holds a SOC 2 report.', 'We do not have a SOC 2 report.'),
    ).toBeUndefined();
  });

  it('does not take an optional control as contradicting one merely in use', () => {
    // Prepare / Act / Assess: available and optional can both be true; enforced and optional cannot.
    expect(findContradiction('MFA is available to all users.', 'MFA is optional.')).toBeUndefined();
    expect(findContradiction('MFA is required for all users.', 'MFA is optional.')).toBeDefined();
  });

  it('reads a Yes or No opening only where the clause says nothing itself', () => {
    // Prepare / Act / Assess: "No. MFA is required" is a positive claim on MFA whatever the opening.
    expect(findContradiction('No. MFA is required for every account.', 'MFA is required.')).toBeUndefined();
    expect(findContradiction('Yes.', 'No.')).toBeUndefined();
    expect(
      findContradiction('No backups are taken of production systems.', 'We back up production nightly.'),
    ).toBeDefined();
  });

  it('reaches precision 0.9 on the labelled pairs without losing most contradictions', () => {
    // Prepare
    expect(PAIRS.length).toBeGreaterThanOrEqual(120);
    expect(PAIRS.filter((pair) => pair.contradict).length).toBeGreaterThanOrEqual(50);

    // Act
    const quality = measureDetector(PAIRS);

    // Assess
    expect(quality.falseAlarms).toEqual([]);
    expect(quality.precision).toBeGreaterThanOrEqual(0.9);
    expect(quality.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('answers a long text quickly and never throws on odd input', () => {
    // Prepare
    const long = 'MFA is enforced for all users. '.repeat(2000);

    // Act
    const started = performance.now();
    const found = findContradiction(long, '');
    const elapsed = performance.now() - started;

    // Assess
    expect(found).toBeUndefined();
    expect(elapsed).toBeLessThan(1000);
    expect(findContradiction('constructor __proto__', 'toString')).toBeUndefined();
  });
});
