import { describe, expect, it } from 'vitest';
import { evidenceExpiredText, hasExpiredEvidence } from './evidence';

describe('expired evidence', () => {
  it('names the document and the day it expired', () => {
    expect(
      evidenceExpiredText({
        documentId: 'd1',
        documentName: 'SOC 2 Type II Report',
        expiresOn: '2026-11-01',
      }),
    ).toBe(
      'Supporting evidence expired: SOC 2 Type II Report expired on 1st November 2026. Review this answer.',
    );
  });

  it('keeps an unreadable date as it came', () => {
    expect(evidenceExpiredText({ documentId: 'd1', documentName: 'Policy', expiresOn: 'soon' })).toBe(
      'Supporting evidence expired: Policy expired on soon. Review this answer.',
    );
  });

  it('tells questions with expired evidence apart', () => {
    expect(hasExpiredEvidence({})).toBe(false);
    expect(hasExpiredEvidence({ evidenceExpired: [] })).toBe(false);
    expect(
      hasExpiredEvidence({
        evidenceExpired: [{ documentId: 'd1', documentName: 'x', expiresOn: '2026-01-01' }],
      }),
    ).toBe(true);
  });
});
