import { describe, expect, it } from 'vitest';
import { sameMembers, sharingMembers } from './sharing';

describe('sharing members', () => {
  it('always holds the owner and the caller, first, without duplicates', () => {
    expect(sharingMembers([], 'owner', 'me')).toEqual(['owner', 'me']);
    expect(sharingMembers(['x', 'owner', 'me'], 'owner', 'me')).toEqual(['owner', 'me', 'x']);
    expect(sharingMembers(['x'], 'owner', 'owner')).toEqual(['owner', 'x']);
  });

  it('tells a changed list from the same people in another order', () => {
    expect(sameMembers(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameMembers(['a', 'b'], ['a'])).toBe(false);
    expect(sameMembers(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
