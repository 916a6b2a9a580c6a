/**
 * Expired supporting evidence on a question (the document library's expiry dates): the answer
 * cites a document past its date and is up for review until someone saves it. Pure.
 */
import type { ExpiredEvidence, Question } from '@shared/schemas/question';
import { formatCalendarDate } from '@/lib/dates';

/** 'Supporting evidence expired: {documentName} expired on {date}. Review this answer.' */
export const evidenceExpiredText = (evidence: ExpiredEvidence) =>
  `Supporting evidence expired: ${evidence.documentName} expired on ${
    formatCalendarDate(evidence.expiresOn) || evidence.expiresOn
  }. Review this answer.`;

/** Whether the question cites evidence that expired. */
export const hasExpiredEvidence = (question: Pick<Question, 'evidenceExpired'>) =>
  (question.evidenceExpired?.length ?? 0) > 0;
