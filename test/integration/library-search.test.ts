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

    // Assess: the marked words are the forms in the answers found, each in one of them.
    expect(page.highlights).toEqual(expect.arrayContaining(['encryption', 'encrypted']));
    for (const word of page.highlights) {
      expect(word).toMatch(/^encrypt/);
      expect(page.items.some((a) => `${a.originalQuestion} ${a.answer}`.toLowerCase().includes(word))).toBe(
        true,
      );
    }
    expect(none.page.highlights).toEqual([]);
    expect(none.page.total).toBeGreaterThan(page.total);
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
