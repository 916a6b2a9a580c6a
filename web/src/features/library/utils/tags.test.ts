import { describe, expect, it } from 'vitest';
import { displayTags } from './tags';

describe('displayTags', () => {
  it('splits labels on semicolons and drops the empty pieces', () => {
    expect(displayTags(['Access control;MFA', ' SOC 2 ', ';'])).toEqual(['Access control', 'MFA', 'SOC 2']);
  });
});
