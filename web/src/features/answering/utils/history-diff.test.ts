import { describe, expect, it } from 'vitest';
import { diffWords, isRestorable, valueLabel } from './history-diff';

const join = (parts: { kind: string; text: string }[], keep: string) =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === keep)
    .map((p) => p.text)
    .join('');

describe('the answer diff', () => {
  it('marks removed and added words and gives back both texts', () => {
    const before = 'We encrypt data at rest with AES-256.';
    const after = 'We encrypt all data at rest and in transit with AES-256.';
    const parts = diffWords(before, after);
    expect(join(parts, 'removed')).toBe(before);
    expect(join(parts, 'added')).toBe(after);
    expect(parts.filter((p) => p.kind === 'removed')).toEqual([]);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual([
      'all',
      'and in transit',
    ]);
  });

  it('keeps a removed stretch before the added one, each with its own spaces', () => {
    const parts = diffWords('Yes, encrypted at rest.', 'Yes, with keys managed in a KMS.');
    expect(parts).toEqual([
      { kind: 'same', text: 'Yes, ' },
      { kind: 'removed', text: 'encrypted at rest.' },
      { kind: 'added', text: 'with keys managed in a KMS.' },
    ]);
  });

  it('handles empty sides and a full rewrite', () => {
    expect(diffWords('', 'Yes.')).toEqual([{ kind: 'added', text: 'Yes.' }]);
    expect(diffWords('No.', '')).toEqual([{ kind: 'removed', text: 'No.' }]);
    expect(diffWords('', '')).toEqual([]);
    const rewrite = diffWords('alpha beta', 'gamma delta');
    expect(join(rewrite, 'removed')).toBe('alpha beta');
    expect(join(rewrite, 'added')).toBe('gamma delta');
  });

  it('stays quick on the longest answers', () => {
    const words = (seed: number) => Array.from({ length: 700 }, (_, i) => `w${(i * seed) % 97}`).join(' ');
    const started = performance.now();
    const parts = diffWords(words(3), words(5));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(join(parts, 'added')).toBe(words(5));
  });
});

describe('history values', () => {
  const nameOf = (id: string) => (id === 'u1' ? 'Ada Lovelace' : 'A former member');
  it('reads classifications, statuses, flags and assignees in words', () => {
    expect(valueLabel({ field: 'responseClassification' }, 'NON-COMPLIANT', nameOf)).toBe('Not Compliant');
    expect(valueLabel({ field: 'responseClassification' }, 'INCOMPLETE', nameOf)).toBe('Not Specified');
    expect(valueLabel({ field: 'responseStatus' }, 'IN-PROGRESS', nameOf)).toBe('In Progress');
    expect(valueLabel({ field: 'includeInLibrary' }, true, nameOf)).toBe('Yes');
    expect(valueLabel({ field: 'includeInLibrary' }, undefined, nameOf)).toBe('No');
    expect(valueLabel({ field: 'assignedToUserId' }, 'u1', nameOf)).toBe('Ada Lovelace');
    expect(valueLabel({ field: 'assignedToUserId' }, undefined, nameOf)).toBe('Unassigned');
  });

  it('offers restore only on entries that saved answer-editor fields', () => {
    expect(isRestorable({ changes: [{ field: 'answer', before: '', after: 'Yes' }] })).toBe(true);
    expect(isRestorable({ changes: [{ field: 'includeInLibrary', before: false, after: true }] })).toBe(true);
    expect(isRestorable({ changes: [{ field: 'assignedToUserId', after: 'u1' }] })).toBe(false);
    expect(
      isRestorable({ changes: [{ field: 'responseStatus', before: 'IN-PROGRESS', after: 'COMPLETE' }] }),
    ).toBe(false);
  });
});
