/**
 * The fresh held-out evaluation set for the answer library's suggestion engine
 * (test/fixtures/library-eval/fresh-2026-11*.json): both files have the agreed shape and size,
 * every answerable item names an entry that exists in the answer bank, and no query is repeated or
 * simply copies a bank question.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../scripts/local/demo/corpus';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'library-eval');

interface EvalFile {
  description: string;
  items: Record<string, unknown>[];
}

function readSet(name: string): EvalFile {
  const parsed: unknown = JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${name} is not a JSON object`);
  const { description, items } = parsed as Record<string, unknown>;
  if (typeof description !== 'string') throw new Error(`${name} has no description`);
  if (!Array.isArray(items)) throw new Error(`${name} has no items list`);
  return { description, items };
}

/** Case, punctuation and spacing do not make two questions different. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const bank = loadCorpus().flatMap((s) => s.questions);
const bankReferences = new Set(bank.map((q) => q.reference));
const bankQuestions = new Set(bank.map((q) => normalise(q.question)));

describe('the fresh answerable evaluation set', () => {
  it('has at least 150 items, each a query and the reference of an existing bank entry', () => {
    // Prepare
    const file = readSet('fresh-2026-11.json');

    // Act
    const unknown = file.items.filter((item) => !bankReferences.has(item.reference as string));

    // Assess
    expect(file.description).toMatch(/2026-11-27/);
    expect(file.items.length).toBeGreaterThanOrEqual(150);
    for (const item of file.items) {
      expect(Object.keys(item).sort()).toEqual(['query', 'reference']);
      expect(typeof item.query).toBe('string');
      expect((item.query as string).trim().length, JSON.stringify(item)).toBeGreaterThan(3);
      expect(item.reference).toMatch(/^\d+\.\d+$/);
    }
    expect(unknown).toEqual([]);
  });

  it('spreads its items over most of the bank, not a handful of easy entries', () => {
    // Prepare
    const file = readSet('fresh-2026-11.json');

    // Act
    const covered = new Set(file.items.map((item) => item.reference));

    // Assess
    expect(covered.size).toBeGreaterThanOrEqual(90);
  });

  it('repeats no query and copies no bank question', () => {
    // Prepare
    const queries = readSet('fresh-2026-11.json').items.map((item) => normalise(item.query as string));

    // Act
    const repeated = queries.filter((q, i) => queries.indexOf(q) !== i);
    const copied = queries.filter((q) => bankQuestions.has(q));

    // Assess
    expect(repeated).toEqual([]);
    expect(copied).toEqual([]);
  });
});

describe('the fresh unanswerable evaluation set', () => {
  it('has at least 40 items, each a query alone with no reference', () => {
    // Prepare
    const file = readSet('fresh-2026-11-unanswerable.json');

    // Act
    const shapes = file.items.map((item) => Object.keys(item).sort().join(','));

    // Assess
    expect(file.description).toMatch(/2026-11-27/);
    expect(file.items.length).toBeGreaterThanOrEqual(40);
    expect(new Set(shapes)).toEqual(new Set(['query']));
    for (const item of file.items) {
      expect(typeof item.query).toBe('string');
      expect((item.query as string).trim().length, JSON.stringify(item)).toBeGreaterThan(3);
    }
  });

  it('repeats no query, copies no bank question and shares no query with the answerable set', () => {
    // Prepare
    const queries = readSet('fresh-2026-11-unanswerable.json').items.map((item) =>
      normalise(item.query as string),
    );
    const answerable = new Set(
      readSet('fresh-2026-11.json').items.map((item) => normalise(item.query as string)),
    );

    // Act
    const repeated = queries.filter((q, i) => queries.indexOf(q) !== i);
    const copied = queries.filter((q) => bankQuestions.has(q));
    const shared = queries.filter((q) => answerable.has(q));

    // Assess
    expect(repeated).toEqual([]);
    expect(copied).toEqual([]);
    expect(shared).toEqual([]);
  });
});
