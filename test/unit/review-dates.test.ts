import { describe, expect, it } from 'vitest';
import { weekOf } from '../../functions/library/review/digest-job';
import { reviewDigestEmail, reviewDueEmail } from '../../functions/library/review/emails';
import {
  addDays,
  addMonths,
  isDueForReview,
  NEVER_DUE,
  ReviewDay,
  reviewDayOf,
  UpdateAnswerReviewRequest,
} from '../../shared/schemas/review';

describe('date arithmetic', () => {
  it('adds months, a day the month lacks becoming its last', () => {
    // Act / Assess
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-12-01', 12)).toBe('2027-12-01');
  });

  it('adds days across months and years, backwards too', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('keys the weekly digest by the Monday of its week', () => {
    expect(weekOf('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekOf('2026-12-06')).toBe('2026-11-30'); // the Sunday after
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
  });

  it('accepts real calendar days only', () => {
    expect(ReviewDay.safeParse('2026-02-28').success).toBe(true);
    expect(ReviewDay.safeParse('2026-02-30').success).toBe(false);
    expect(ReviewDay.safeParse('28/02/2026').success).toBe(false);
    expect(ReviewDay.safeParse('2026-13-45').success).toBe(false);
    expect(UpdateAnswerReviewRequest.safeParse({}).success).toBe(false);
  });
});

describe('review-by day', () => {
  const answer = { answerStatus: 'IN-USE', createdAt: '2026-01-31T09:00:00.000Z' };

  it('is never without a cycle or a day of its own, and never when archived', () => {
    expect(reviewDayOf(answer, null)).toBe(NEVER_DUE);
    expect(reviewDayOf({ ...answer, answerStatus: 'ARCHIVED', reviewByOn: '2026-03-01' }, 6)).toBe(NEVER_DUE);
  });

  it('is the last review (else the day it was added) plus the cycle; its own day wins', () => {
    expect(reviewDayOf(answer, 3)).toBe('2026-04-30');
    expect(reviewDayOf({ ...answer, lastReviewedAt: '2026-08-31T23:59:00.000Z' }, 6)).toBe('2027-02-28');
    expect(reviewDayOf({ ...answer, reviewByOn: '2026-02-10' }, 12)).toBe('2026-02-10');
  });

  it('is due within 30 days or past, never for NEVER_DUE', () => {
    expect(isDueForReview('2026-12-27', '2026-11-27')).toBe(true);
    expect(isDueForReview('2026-12-28', '2026-11-27')).toBe(false);
    expect(isDueForReview('2025-01-01', '2026-11-27')).toBe(true);
    expect(isDueForReview(NEVER_DUE, '2026-11-27')).toBe(false);
    expect(isDueForReview(undefined, '2026-11-27')).toBe(false);
  });
});

describe('review e-mails', () => {
  it('names the answer and the day, escapes HTML and links to Due for review', () => {
    const email = reviewDueEmail({
      question: 'Is <b>MFA</b> enforced?',
      dueOn: '2026-12-01',
      link: 'https://app.example.com/Answers?view=DUE_FOR_REVIEW',
    });
    expect(email.subject).toBe('A library answer you own is due for review');
    expect(email.text).toContain('"Is <b>MFA</b> enforced?" was due for review on 1 December 2026.');
    expect(email.html).toContain('Is &lt;b&gt;MFA&lt;/b&gt; enforced?');
    expect(email.html).not.toContain('<b>MFA</b>');
    expect(email.text).toContain('Open Due for review: https://app.example.com/Answers?view=DUE_FOR_REVIEW');
  });

  it('lists the digest soonest first with what is overdue', () => {
    const email = reviewDigestEmail({
      answers: [
        { question: 'Are backups encrypted?', dueOn: '2026-11-20' },
        { question: 'Is MFA enforced?', dueOn: '2026-12-02' },
      ],
      today: '2026-11-27',
      link: 'https://app.example.com/Answers?view=DUE_FOR_REVIEW',
    });
    expect(email.subject).toBe('2 library answers due for review');
    expect(email.text).toContain('(1 overdue)');
    expect(email.text).toContain('- Are backups encrypted? (was due 20 November 2026)');
    expect(email.text).toContain('- Is MFA enforced? (due 2 December 2026)');
  });
});
