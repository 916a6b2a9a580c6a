import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-path';

describe('isAppPath', () => {
  it('accepts in-app paths only', () => {
    expect(isAppPath('/Projects/p1/q1')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
    expect(isAppPath('')).toBe(false);
  });
});
