/**
 * The library screen's search (/Answers) over the demo library, through the local gateway: it reads
 * words as the suggestion engine does (stems and the vocabulary), so a word's forms find the same
 * answers, and it answers the words it found for the screen to mark (issue 29 item 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import type { AnswerPage } from '../../shared/schemas/answer';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
const api = client(() => stack);
let token: string;

/** Every answer of the demo library the search finds (all views), by id, and the words it marks. */
async function search(searchTerm: string) {
  const response = await api.call('searchLibrary', {
    token,
    body: { searchTerm, view: 'ALL' },
    query: { limit: 100 },
  });
  expect(response.status).toBe(200);
  const page = response.body.data as AnswerPage;
  expect(page.items).toHaveLength(page.total);
  return { ids: page.items.map((a) => a.answerId).sort(), page };
}

beforeAll(async () => {
  stack = await resources.start(startTestStack(), (s) => s.stop());
  token = await stack.signIn(DEMO.email, DEMO.password);
}, 180_000);

afterAll(() => resources.stopAll());

describe('library search', () => {
  it('finds the same answers for a word whatever its form', async () => {
    // Act
    const [encryption, encrypted, backup, backups] = await Promise.all(
      ['encryption', 'encrypted', 'backup', 'backups'].map(search),
    );

    // Assess: each pair finds the same answers, and more than the literal words alone would.
    expect(encryption.ids.length).toBeGreaterThanOrEqual(5);
    expect(encryption.ids).toEqual(encrypted.ids);
    const literally = (word: string, page: AnswerPage) =>
      page.items.filter((a) =>
        `${a.originalQuestion}\n${a.answer}\n${a.tags.join(' ')}`.toLowerCase().includes(word),
      );
    expect(literally('encryption', encryption.page).length).toBeLessThan(encryption.ids.length);
    expect(backup.ids.length).toBeGreaterThan(0);
    expect(backups.ids).toEqual(backup.ids);
    expect(literally('backups', backups.page).length).toBeLessThan(backups.ids.length);
  });

  it('answers the words it found, so the screen marks "encrypted" for "encryption"', async () => {
    // Act
    const { page } = await search('encryption');
    const none = await search('');

    // Assess: the marked words are the forms in the answers found, each in its own answer.
    const all = Object.values(page.highlights).flat();
    expect(all).toEqual(expect.arrayContaining(['encryption', 'encrypted']));
    for (const [answerId, words] of Object.entries(page.highlights)) {
      const answer = page.items.find((a) => a.answerId === answerId);
      for (const word of words) {
        expect(word).toMatch(/^encrypt/);
        expect(`${answer?.originalQuestion} ${answer?.answer}`.toLowerCase()).toContain(word);
      }
    }
    expect(none.page.highlights).toEqual({});
    expect(none.page.total).toBeGreaterThan(page.total);
  });

  it('marks in each answer only its own words, and never a word like "is" by itself', async () => {
    // Act: "multi-factor" finds every way of saying MFA, among them phrases with "is" inside
    // ("MFA is enforced").
    const { page } = await search('multi-factor');

    // Assess: each answer's words are whole words of that answer's text; the words of a phrase
    // another answer holds are not given to an answer without them; "is" is never marked.
    expect(page.total).toBeGreaterThan(1);
    const wordsOf = (a: (typeof page.items)[number]) =>
      new Set(
        `${a.originalQuestion}\n${a.answer}\n${a.tags.join('\n')}`
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .match(/[a-z0-9]+/g),
      );
    const marked = new Set(Object.values(page.highlights).flat());
    expect(marked.size).toBeGreaterThan(1);
    expect(marked.has('is')).toBe(false);
    for (const answer of page.items) {
      const own = wordsOf(answer);
      const words = page.highlights[answer.answerId] ?? [];
      expect(words.filter((w) => !own.has(w))).toEqual([]);
      // A word found on the page that this answer does not hold is not among its marks.
      for (const word of marked) if (!own.has(word)) expect(words).not.toContain(word);
    }
    // Some answer holds a found word another answer on the page lacks: the page-wide set would
    // have given it to both.
    expect(page.items.some((a) => [...marked].some((w) => !wordsOf(a).has(w)))).toBe(true);
  });

  it('still finds a word being typed by its beginning, and nothing for words no answer holds', async () => {
    // Act
    const typing = await search('encr');
    const nothing = await search('zebra quantum');

    // Assess
    const full = await search('encrypted');
    expect(typing.ids).toEqual(expect.arrayContaining(full.ids));
    expect(nothing.ids).toEqual([]);
  });
});
