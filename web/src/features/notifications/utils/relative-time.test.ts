import { describe, expect, it } from 'vitest';
import { isAppPath, relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it.each([
    [10, 'just now'],
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [14 * 86_400, '2 weeks ago'],
    [65 * 86_400, '2 months ago'],
    [400 * 86_400, 'last year'],
  ])('%s s ago is "%s"', (seconds, text) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('is empty for a date it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('isAppPath', () => {
  it('accepts in-app paths only', () => {
    expect(isAppPath('/Projects/p1/q1')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
  });
});
