/**
 * Layout detection: when a sheet is first opened, the configuration screen starts from what this
 * proposes, so that for a typical questionnaire the user only confirms it.
 *
 * 1. The header row: among the first rows, the one whose cells most look like column titles.
 * 2. Columns: by their title first, then by their content (long free text → Question, a small set
 *    of Yes/No/N/A values → Compliance Status, short codes like 1.2 or AC-01 → Reference Number,
 *    few repeated values → Section, mostly empty right of the question → Answer).
 * 3. Question rows: rows below the header with real question text, leaving out blank rows, section
 *    rows (one filled cell, or text only in the section or reference column) and hidden rows.
 */
import type { ColumnClassification, ColumnType, SheetLayout } from '../../../shared/schemas/source';
import type { ParsedSheet } from './types';

const HEADER_SCAN_ROWS = 30;
const MIN_QUESTION_LENGTH = 10;

/** Column titles by type, most specific first (a title is matched against each in this order). */
const TITLES: Array<[ColumnType, RegExp]> = [
  [
    'COMPLIANCE_STATUS',
    /^(compliance( status)?|compliant\??|yes\s*\/\s*no(\s*\/\s*n\/?a)?|y\s*\/\s*n|status|meets requirement\??|response \(yes\/no\)|choice)$/i,
  ],
  [
    'ANSWER',
    /^(answer|answers|response|responses|vendor response|supplier response|your (answer|response)|reply|vendor answer|provider response|answer\s*\/\s*comments?|response details?)\b/i,
  ],
  [
    'REFERENCE_NUMBER',
    /^(ref\.?|reference|ref(erence)? (no\.?|number|#|id)|id|#|no\.?|number|item( no\.?| #| id)?|control (id|ref|no\.?|number)|question (id|no\.?|number|#)|q\s*#|qid)$/i,
  ],
  ['SECTION', /^(section|domain|category|area|topic|group|control (domain|family|area)|chapter|theme)$/i],
  [
    'IMPORTANCE',
    /^(importance|priority|weight(ing)?|criticality|risk( level| rating)?|severity|mandatory|required)$/i,
  ],
  [
    'INFORMATION',
    /^(guidance|notes?|comments?|additional (information|comments?|notes?)|information|explanation|evidence|help|instructions?|remarks?|clarification|supporting (information|documents?|evidence))$/i,
  ],
  [
    'QUESTION',
    /^(questions?|question text|control( (question|description|requirement|objective))?|requirements?|requirement description|description|criteria|criterion|assessment question|security question|query|item|specification|control statement)$/i,
  ],
];

const normalise = (text: string) =>
  text
    .replace(/[:*]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

export function titleType(text: string): ColumnType | null {
  const title = normalise(text);
  if (!title || title.length > 60) return null;
  for (const [type, pattern] of TITLES) if (pattern.test(title)) return type;
  return null;
}

const COMPLIANCE_VALUES =
  /^(yes|no|n\/?a|na|not applicable|partial(ly)?( compliant)?|compliant|non[- ]?compliant|not compliant|y|n|true|false|planned|in progress)$/i;
const REFERENCE_CODE =
  /^([A-Z]{1,6}[-. ]?)?\d{1,3}([.-]\d{1,3}){0,4}[a-z]?\.?$|^[A-Z]{1,4}-?[A-Z]{0,4}-?\d{1,4}$/;

export function looksLikeQuestion(text: string) {
  const t = text.trim();
  if (t.length < MIN_QUESTION_LENGTH) return false;
  return (
    t.endsWith('?') ||
    /^(do|does|is|are|has|have|can|will|would|should|did|was|were|describe|explain|provide|list|state|confirm|indicate|please|what|how|who|when|where|which|why)\b/i.test(
      t,
    ) ||
    t.split(/\s+/).length >= 5
  );
}

interface ColumnStats {
  filled: number;
  averageLength: number;
  questionLike: number;
  complianceLike: number;
  referenceLike: number;
  /** Values ending in '?'. */
  asking: number;
  distinct: number;
}

function statsOf(sheet: ParsedSheet, column: number, fromRow: number): ColumnStats {
  const values: string[] = [];
  for (const row of sheet.content.rows) {
    if (row.rowNumber <= fromRow || row.hidden) continue;
    const text = row.cells[column - 1] ?? '';
    if (text) values.push(text);
  }
  const total = values.reduce((sum, v) => sum + v.length, 0);
  return {
    filled: values.length,
    averageLength: values.length ? total / values.length : 0,
    questionLike: values.filter(looksLikeQuestion).length,
    complianceLike: values.filter((v) => COMPLIANCE_VALUES.test(v.trim())).length,
    referenceLike: values.filter((v) => REFERENCE_CODE.test(v.trim())).length,
    asking: values.filter((v) => v.trim().endsWith('?')).length,
    distinct: new Set(values).size,
  };
}

/** The row among the first ones with the most cells that read as column titles (at least two, or one Question title). */
export function findHeaderRow(sheet: ParsedSheet): number | null {
  let best: { rowNumber: number; score: number } | null = null;
  for (const row of sheet.content.rows.slice(0, HEADER_SCAN_ROWS)) {
    const types = row.cells.map(titleType).filter((t) => t !== null);
    const score = types.length + (types.includes('QUESTION') ? 1 : 0) + (types.includes('ANSWER') ? 1 : 0);
    const filled = row.cells.filter(Boolean).length;
    if (score >= 2 && filled >= 2 && (!best || score > best.score))
      best = { rowNumber: row.rowNumber, score };
  }
  return best?.rowNumber ?? null;
}

export function detectSheetLayout(sheet: ParsedSheet): SheetLayout {
  const headerRow = findHeaderRow(sheet);
  const header = sheet.content.rows.find((r) => r.rowNumber === headerRow)?.cells ?? [];
  const columnCount = sheet.columnCount;
  const types = new Map<number, ColumnType>();
  const stats = new Map<number, ColumnStats>();
  for (let column = 1; column <= columnCount; column++)
    stats.set(column, statsOf(sheet, column, headerRow ?? 0));
  const hiddenColumn = (column: number) =>
    sheet.content.columns.find((c) => c.columnNumber === column)?.hidden;
  const taken = (type: ColumnType) => [...types.values()].includes(type);

  // 1. By title (single-use types once only: the first title wins).
  for (let column = 1; column <= columnCount; column++) {
    if (hiddenColumn(column)) continue;
    const type = titleType(header[column - 1] ?? '');
    if (!type) continue;
    if (type !== 'QUESTION' && type !== 'INFORMATION' && taken(type)) continue;
    types.set(column, type);
  }
  // Several "question" titles: keep the one with the longest text as QUESTION, others as INFORMATION.
  const questionColumns = [...types].filter(([, t]) => t === 'QUESTION').map(([c]) => c);
  if (questionColumns.length > 1) {
    const main = questionColumns.reduce((a, b) =>
      stats.get(a)!.averageLength >= stats.get(b)!.averageLength ? a : b,
    );
    for (const c of questionColumns) if (c !== main) types.set(c, 'INFORMATION');
  }

  const free = (column: number) => !types.has(column) && !hiddenColumn(column);
  // 2. By content.
  if (!taken('QUESTION')) {
    let best: { column: number; score: number } | null = null;
    for (let column = 1; column <= columnCount; column++) {
      const s = stats.get(column)!;
      if (!free(column) || s.filled === 0) continue;
      const score = s.questionLike * 2 + s.averageLength / 10;
      // Without a header row, only a column that asks questions (a cover or instructions sheet does not).
      const plausible = headerRow !== null ? s.averageLength >= 20 : s.asking >= 3;
      if (plausible && (!best || score > best.score)) best = { column, score };
    }
    if (best) types.set(best.column, 'QUESTION');
  }
  const question = [...types].find(([, t]) => t === 'QUESTION')?.[0];
  for (let column = 1; column <= columnCount; column++) {
    const s = stats.get(column)!;
    if (!free(column) || s.filled === 0) continue;
    if (!taken('COMPLIANCE_STATUS') && s.complianceLike >= Math.max(2, s.filled * 0.8)) {
      types.set(column, 'COMPLIANCE_STATUS');
    } else if (
      !taken('REFERENCE_NUMBER') &&
      question &&
      column < question &&
      s.referenceLike >= s.filled * 0.8
    ) {
      types.set(column, 'REFERENCE_NUMBER');
    }
  }
  if (!taken('ANSWER') && question) {
    // The first visible column right of the question that is mostly empty (the answers go there).
    for (let column = question + 1; column <= columnCount; column++) {
      const s = stats.get(column)!;
      const questionFilled = stats.get(question)!.filled;
      if (free(column) && s.filled <= questionFilled * 0.2) {
        types.set(column, 'ANSWER');
        break;
      }
    }
  }

  const columnClassifications: ColumnClassification[] = [];
  for (let column = 1; column <= columnCount; column++) {
    columnClassifications.push({ columnNumber: column, columnType: types.get(column) ?? 'IGNORE' });
  }

  const questionRows: number[] = [];
  if (question) {
    const sectionColumns = new Set(
      [...types].filter(([, t]) => t === 'SECTION' || t === 'REFERENCE_NUMBER').map(([c]) => c),
    );
    for (const row of sheet.content.rows) {
      if (row.hidden || (headerRow !== null && row.rowNumber <= headerRow)) continue;
      const text = row.cells[question - 1] ?? '';
      if (!looksLikeQuestion(text)) continue;
      const filled = row.cells.map((c, i) => (c ? i + 1 : 0)).filter(Boolean);
      const merged = sheet.content.merges.some(
        (m) =>
          m.fromRow === row.rowNumber &&
          m.toRow === row.rowNumber &&
          m.toColumn > m.fromColumn &&
          m.fromColumn <= question &&
          m.toColumn >= question,
      );
      const onlyContext = filled.every((c) => c === question || sectionColumns.has(c));
      // A section title: merged across the question column, or alone in its row without a '?'.
      if (merged || (filled.length === 1 && !text.trim().endsWith('?') && text.split(/\s+/).length < 8))
        continue;
      if (!onlyContext && filled.length === 0) continue;
      if (headerRow === null && !text.trim().endsWith('?') && filled.length === 1) continue;
      questionRows.push(row.rowNumber);
    }
  }
  return { headerRow, columnClassifications, questionRows };
}
