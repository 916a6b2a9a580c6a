import { ImportAnswerItem } from '@shared/schemas/answer';
import type { Classification } from '@shared/schemas/question';
import type * as z from 'zod';

/** The importer's column types (spec 002 §2.2). */
export const IMPORT_COLUMN_TYPES = ['IGNORE', 'QUESTION', 'ANSWER', 'TAGS', 'COMPLIANCE_STATUS'] as const;
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number];
export const IMPORT_COLUMN_LABEL: Record<ImportColumnType, string> = {
  IGNORE: 'Ignore',
  QUESTION: 'Question',
  ANSWER: 'Answer',
  TAGS: 'Tags',
  COMPLIANCE_STATUS: 'Compliance Status',
};

export const IMPORTER_MESSAGES = {
  question: 'Please choose a column as Question',
  answer: 'Please choose a column as Answer',
  oneAnswer: 'Please choose only one column as Answer',
  oneCompliance: 'Please choose only one column as Compliance Status',
  oneTags: 'Please choose only one column as Tags',
} as const;

/** A column's type from its header's words (a first guess the user confirms). */
function typeOfHeader(header: string): ImportColumnType {
  const h = header.trim().toLowerCase();
  if (!h) return 'IGNORE';
  if (/\b(compliance|compliant|status)\b/.test(h)) return 'COMPLIANCE_STATUS';
  if (/\b(tags?|labels?|keywords?|categor(y|ies))\b/.test(h)) return 'TAGS';
  if (/\b(answers?|responses?|repl(y|ies))\b/.test(h)) return 'ANSWER';
  if (/\b(questions?|query|queries|requirements?)\b/.test(h)) return 'QUESTION';
  return 'IGNORE';
}

/** Column types guessed from the first non-empty row; at most one of each kind but Question. */
export function guessColumnTypes(rows: string[][]): ImportColumnType[] {
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const header = rows.find((r) => r.some((c) => c.trim())) ?? [];
  const seen = new Set<ImportColumnType>();
  return Array.from({ length: width }, (_, i) => {
    const type = typeOfHeader(header[i] ?? '');
    if (type !== 'QUESTION' && type !== 'IGNORE' && seen.has(type)) return 'IGNORE';
    seen.add(type);
    return type;
  });
}

/** The first rule the column types break, as the spec words it (null when they are fine). */
export function columnProblem(types: readonly ImportColumnType[]): string | null {
  const count = (t: ImportColumnType) => types.filter((x) => x === t).length;
  if (count('QUESTION') === 0) return IMPORTER_MESSAGES.question;
  if (count('ANSWER') === 0) return IMPORTER_MESSAGES.answer;
  if (count('ANSWER') > 1) return IMPORTER_MESSAGES.oneAnswer;
  if (count('COMPLIANCE_STATUS') > 1) return IMPORTER_MESSAGES.oneCompliance;
  if (count('TAGS') > 1) return IMPORTER_MESSAGES.oneTags;
  return null;
}

/** Rows may be toggled only once there is a question and an answer column. */
export const canToggleRows = (types: readonly ImportColumnType[]) =>
  types.includes('QUESTION') && types.includes('ANSWER');

const joined = (row: string[], types: readonly ImportColumnType[], type: ImportColumnType) =>
  types
    .map((t, i) => (t === type ? (row[i] ?? '').trim() : ''))
    .filter(Boolean)
    .join('\n\n');
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Auto-included: the question and the answer columns each hold more than three words. */
export const autoIncluded = (row: string[], types: readonly ImportColumnType[]) =>
  words(joined(row, types, 'QUESTION')) > 3 && words(joined(row, types, 'ANSWER')) > 3;

const CLASSIFICATION_WORDS: Array<[RegExp, Classification]> = [
  [/^(yes|y|true|compliant|fully compliant|met|in place|implemented)$/i, 'COMPLIANT'],
  [
    /^(partial|partially|partly|partially compliant|partially met|in progress|planned)$/i,
    'PARTIALLY-COMPLIANT',
  ],
  [/^(no|n|false|non[- ]?compliant|not compliant|not met|not implemented)$/i, 'NON-COMPLIANT'],
  [/^(n\/?a|not applicable|does not apply)$/i, 'NOT-APPLICABLE'],
];

/** A compliance cell's words as a classification (undefined when they say none). */
export function classificationOfText(text: string): Classification | undefined {
  const value = text.trim().replace(/\.$/, '');
  return CLASSIFICATION_WORDS.find(([pattern]) => pattern.test(value))?.[1];
}

export type ImportItem = z.infer<typeof ImportAnswerItem>;

/**
 * The items the included rows give (spec 002 §5): question and answer each the joined columns
 * (blank lines between), tags split on semicolons and commas, the compliance words as a
 * classification. A row without both, or that the library would refuse (under 10 characters), is
 * skipped and counted.
 */
export function importItems(
  rows: string[][],
  types: readonly ImportColumnType[],
  included: ReadonlySet<number>,
): { items: ImportItem[]; skipped: number } {
  const items: ImportItem[] = [];
  let skipped = 0;
  for (const index of [...included].sort((a, b) => a - b)) {
    const row = rows[index] ?? [];
    const tags = [
      ...new Set(
        joined(row, types, 'TAGS')
          .split(/[;,\n]/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    const classification = classificationOfText(joined(row, types, 'COMPLIANCE_STATUS'));
    const parsed = ImportAnswerItem.safeParse({
      question: joined(row, types, 'QUESTION'),
      answer: joined(row, types, 'ANSWER'),
      ...(tags.length ? { tags } : {}),
      ...(classification ? { responseClassification: classification } : {}),
    });
    if (parsed.success) items.push(parsed.data);
    else skipped++;
  }
  return { items, skipped };
}

/** Consecutive chunks of the items, each under `maxBytes` of JSON. */
export function chunksUnder<T>(items: T[], maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const bytes = new TextEncoder().encode(JSON.stringify(item)).length + 1;
    if (current.length && size + bytes > maxBytes) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += bytes;
  }
  if (current.length) chunks.push(current);
  return chunks;
}
