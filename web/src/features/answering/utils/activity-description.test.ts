import { describe, expect, it } from 'vitest';
import { activityParts, activityText, FORMER_MEMBER, truncateName } from './activity-description';

const names = new Map([
  ['u1', 'Ann Lee'],
  ['u2', 'Maximiliana Bartholomew-Featherstonehaugh'],
]);

describe('truncateName', () => {
  it('keeps names of up to 30 characters and cuts longer ones to 27 plus an ellipsis', () => {
    expect(truncateName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateName('a'.repeat(31))).toBe(`${'a'.repeat(27)}…`);
    expect([...truncateName('a'.repeat(31))]).toHaveLength(28);
  });
});

describe('activityParts', () => {
  it('replaces {user:ID} markers with member names', () => {
    expect(activityText('{user:u1} assigned the question to {user:u2}', names)).toBe(
      'Ann Lee assigned the question to Maximiliana Bartholomew-Fea…',
    );
  });

  it('names unknown ids as a former member', () => {
    expect(activityText('{user:gone} answered the question', names)).toBe(
      `${FORMER_MEMBER} answered the question`,
    );
  });

  it('returns text and member parts in order', () => {
    expect(activityParts('Saved by {user:u1}.', names)).toEqual([
      { type: 'text', text: 'Saved by ' },
      { type: 'member', userId: 'u1', name: 'Ann Lee' },
      { type: 'text', text: '.' },
    ]);
    expect(activityParts('No markers', names)).toEqual([{ type: 'text', text: 'No markers' }]);
  });
});
