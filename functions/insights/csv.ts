/**
 * The Insights export as CSV (spec 002 §7.8): a byte-order mark, every value quoted, the spec's
 * headers, dates as YYYY-M-D. A cell that a spreadsheet would run as a formula (starting with =, +,
 * -, @, a tab or a carriage return) is prefixed with an apostrophe, so an answer cannot become code
 * on someone's machine.
 */
import { INSIGHTS_CSV_HEADERS, type InsightResult } from '../../shared/schemas/insights';

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string) {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** 2026-03-05T10:00:00Z → 2026-3-5 (the UTC day). */
export function csvDate(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${date.getUTCMonth() + 1}-${date.getUTCDate()}`;
}

const CLASSIFICATION_LABELS: Record<string, string> = {
  COMPLIANT: 'Compliant',
  'NON-COMPLIANT': 'Not compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
  INCOMPLETE: 'Not Specified',
};

export function insightsCsv(results: InsightResult[]) {
  const lines = [INSIGHTS_CSV_HEADERS.map(csvCell).join(',')];
  for (const r of results) {
    lines.push(
      [
        r.name,
        r.industryVertical ?? '',
        CLASSIFICATION_LABELS[r.responseClassification] ?? r.responseClassification,
        r.question,
        r.answer,
        csvDate(r.updatedAt),
        r.answeredByUser ?? '',
        r.classifiedByUser ?? '',
        r.tags.join('; '),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
