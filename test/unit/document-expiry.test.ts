/**
 * The expiry rules of the document library: a document is valid until its expiry date, expiring
 * within the 30 days before it, expired from the day itself; the job announces SOON once when the
 * notice period starts and EXPIRED once on the day, however often it runs or however late.
 */
import { describe, expect, it } from 'vitest';
import { documentExpiryEmail, expiryTexts } from '../../functions/documents/emails';
import { NEVER } from '../../functions/documents/entities/document';
import { dueNotice, expirySchedule, expiryStateOf } from '../../functions/documents/service';

describe('expiry state', () => {
  it('is valid, then expiring for the last 30 days, then expired from the date on', () => {
    expect(expiryStateOf(undefined, '2026-12-01')).toBeUndefined();
    expect(expiryStateOf('2027-03-01', '2026-12-01')).toBe('VALID');
    expect(expiryStateOf('2026-12-31', '2026-12-01')).toBe('EXPIRING');
    expect(expiryStateOf('2026-12-02', '2026-12-01')).toBe('EXPIRING');
    expect(expiryStateOf('2026-12-01', '2026-12-01')).toBe('EXPIRED');
    expect(expiryStateOf('2026-11-01', '2026-12-01')).toBe('EXPIRED');
  });
});

describe('the notices the job records', () => {
  it('starts checking 30 days before the date, and never without one', () => {
    expect(expirySchedule('2027-01-31')).toEqual({ expiryNotice: 'NONE', nextCheckOn: '2027-01-01' });
    expect(expirySchedule(undefined)).toEqual({ expiryNotice: 'NONE', nextCheckOn: NEVER });
  });

  it('announces SOON once, then EXPIRED once on the day', () => {
    const document = { expiresOn: '2027-01-31', expiryNotice: 'NONE' as const };
    expect(dueNotice(document, '2026-12-31')).toBeNull();
    expect(dueNotice(document, '2027-01-01')).toEqual({ notice: 'SOON', nextCheckOn: '2027-01-31' });
    const warned = { ...document, expiryNotice: 'SOON' as const };
    expect(dueNotice(warned, '2027-01-15')).toBeNull();
    expect(dueNotice(warned, '2027-01-31')).toEqual({ notice: 'EXPIRED', nextCheckOn: NEVER });
    expect(dueNotice({ ...document, expiryNotice: 'EXPIRED' }, '2027-02-10')).toBeNull();
  });

  it('goes straight to EXPIRED for a date already past (a job that did not run for weeks)', () => {
    expect(dueNotice({ expiresOn: '2027-01-31', expiryNotice: 'NONE' }, '2027-03-01')).toEqual({
      notice: 'EXPIRED',
      nextCheckOn: NEVER,
    });
  });
});

describe('the expiry e-mail', () => {
  it('names the document and the day, escapes what a person typed, and links to the library', () => {
    const email = documentExpiryEmail({
      documentName: 'SOC 2 <Type II>\nReport',
      expiresOn: '2027-01-31',
      notice: 'SOON',
      questions: 3,
      link: 'http://127.0.0.1:3000/Files',
    });
    expect(email.subject).toBe('SOC 2 <Type II> Report expires on 31 January 2027');
    expect(email.html).toContain('SOC 2 &lt;Type II&gt; Report');
    expect(email.html).not.toContain('<Type II>');
    expect(email.text).toContain('It supports 3 questions in open projects.');
    expect(email.text).toContain('http://127.0.0.1:3000/Files');
    expect(expiryTexts({ documentName: 'Pen test', expiresOn: '2027-01-31', notice: 'EXPIRED' }).title).toBe(
      'Pen test has expired',
    );
  });
});
