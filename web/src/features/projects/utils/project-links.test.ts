import { describe, expect, it } from 'vitest';
import { externalHref, questionnairePath } from './project-links';

describe('externalHref', () => {
  it('adds https:// when the link has no scheme and keeps http(s) links', () => {
    expect(externalHref('portal.example.com/q/1')).toBe('https://portal.example.com/q/1');
    expect(externalHref('  http://portal.example.com ')).toBe('http://portal.example.com');
    expect(externalHref('HTTPS://portal.example.com')).toBe('HTTPS://portal.example.com');
  });

  it('never produces a script link', () => {
    expect(externalHref('javascript:alert(1)')).toBe('https://javascript:alert(1)');
    expect(externalHref('javascript://x%0aalert(1)').startsWith('https://')).toBe(true);
  });
});

describe('questionnairePath', () => {
  it('opens question answering at start, filtered by a status when given', () => {
    expect(questionnairePath('p1')).toBe('/Projects/p1/start');
    expect(questionnairePath('p1', 'NON-COMPLIANT')).toBe('/Projects/p1/start?status=NON-COMPLIANT');
    expect(questionnairePath('p1', 'unassigned')).toBe('/Projects/p1/start?status=unassigned');
    expect(questionnairePath('p1', 'EVIDENCE-EXPIRED')).toBe('/Projects/p1/start?status=EVIDENCE-EXPIRED');
  });
});
