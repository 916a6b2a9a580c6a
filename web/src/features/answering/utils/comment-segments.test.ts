import { CreateCommentRequest } from '@shared/schemas/discussion';
import { describe, expect, it } from 'vitest';
import { activeMention, filterMembers, hasContent, insertMention, toSegments } from './comment-segments';

const ann = { userId: 'u-ann', fullName: 'Ann Lee' };
const annLong = { userId: 'u-ann2', fullName: 'Ann Lee-Smith' };
const bob = { userId: 'u-bob', fullName: 'Bob Stone' };
const members = [ann, annLong, bob];

describe('toSegments', () => {
  it('turns @Full Name into MEMBER segments and keeps no markup in the text', () => {
    const segments = toSegments('Hi @Bob Stone, can you check with @Ann Lee?', members);
    expect(segments).toEqual([
      { type: 'TEXT', content: 'Hi ' },
      { type: 'MEMBER', content: 'u-bob' },
      { type: 'TEXT', content: ', can you check with ' },
      { type: 'MEMBER', content: 'u-ann' },
      { type: 'TEXT', content: '?' },
    ]);
    expect(segments.filter((s) => s.type === 'TEXT').some((s) => s.content.includes('@'))).toBe(false);
    expect(CreateCommentRequest.safeParse({ segments }).success).toBe(true);
  });

  it('prefers the longest name and needs a word boundary after it', () => {
    expect(toSegments('@Ann Lee-Smith', members)).toEqual([{ type: 'MEMBER', content: 'u-ann2' }]);
    expect(toSegments('@Bob Stoney', members)).toEqual([{ type: 'TEXT', content: '@Bob Stoney' }]);
  });

  it('leaves e-mail addresses and unknown names as text', () => {
    expect(toSegments('mail bob@Bob Stone.com or @Nobody', members)).toEqual([
      { type: 'TEXT', content: 'mail bob@Bob Stone.com or @Nobody' },
    ]);
  });

  it('uses the picked member when two have the same name', () => {
    const twin = { userId: 'u-bob2', fullName: 'Bob Stone' };
    expect(toSegments('@Bob Stone', [bob, twin])).toEqual([{ type: 'MEMBER', content: 'u-bob' }]);
    expect(toSegments('@Bob Stone', [bob, twin], [twin])).toEqual([{ type: 'MEMBER', content: 'u-bob2' }]);
  });

  it('trims the ends and gives nothing for blank text', () => {
    expect(toSegments('  \n ', members)).toEqual([]);
    expect(toSegments('  hello\n', members)).toEqual([{ type: 'TEXT', content: 'hello' }]);
    expect(hasContent(toSegments('   ', members))).toBe(false);
    expect(hasContent(toSegments('@Ann Lee', members))).toBe(true);
  });

  it('keeps line breaks inside the text', () => {
    expect(toSegments('one\n\ntwo', members)).toEqual([{ type: 'TEXT', content: 'one\n\ntwo' }]);
  });
});

describe('activeMention', () => {
  it('finds the query after an @ that starts a word', () => {
    expect(activeMention('Hi @Bo', 6)).toEqual({ start: 3, query: 'Bo' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('Hi @Bob St', 10)).toEqual({ start: 3, query: 'Bob St' });
  });

  it('is null inside an address, after a line break or with no @', () => {
    expect(activeMention('bob@exa', 7)).toBeNull();
    expect(activeMention('@Bob\nmore', 9)).toBeNull();
    expect(activeMention('hello', 5)).toBeNull();
    expect(activeMention('@ x', 3)).toBeNull();
  });
});

describe('filterMembers', () => {
  it('matches the start of the name or of any word, ignoring case', () => {
    expect(filterMembers(members, 'st')).toEqual([bob]);
    expect(filterMembers(members, 'ann')).toEqual([ann, annLong]);
    expect(filterMembers(members, 'lee-')).toEqual([annLong]);
    expect(filterMembers(members, '')).toEqual(members);
    expect(filterMembers(members, 'zz')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('replaces the typed query with the name and a space, and moves the caret after it', () => {
    expect(insertMention('Hi @Bo and', 3, 6, 'Bob Stone')).toEqual({ text: 'Hi @Bob Stone and', caret: 14 });
    expect(insertMention('@', 0, 1, 'Ann Lee')).toEqual({ text: '@Ann Lee ', caret: 9 });
  });
});
