/**
 * Layout detection: when a sheet is first opened, the configuration screen starts from what this
 * proposes, so that for a typical questionnaire the user only confirms it. Measured against the
 * layout test set (test/fixtures/questionnaires, scripts/bench/detection.ts).
 *
 * 1. The header row: among the first rows, the one whose cells most look like column titles
 *    ('Question', 'Response (Yes/No/N/A)', 'Ques Num', 'Control Domain'…).
 * 2. The question column: by its title when the column below holds text, else by content (long
 *    free text that asks). No question column means a cover, instructions or list sheet: no header,
 *    every column Ignore, no question rows.
 * 3. The other columns by title first, then by content: a small set of values like Yes/No/N/A →
 *    Compliance Status, short codes like 1.2, A.5.1, SEC-01 or A&A-01.1 → Reference Number, a few
 *    repeated values left of the question → Section, High/Medium/Low → Importance, other long text
 *    → Information. Hidden columns stay Ignore.
 * 4. Exactly one Answer (shared/sheet-config.ts): the Answer-titled column; else the first mostly
 *    empty column right of the question (a "Comments" or "Additional Information" column counts:
 *    that is where the vendor writes), else any mostly empty column, else the first column after
 *    the used range (columnCount + 1: the answers are written next to the questions). An Answer
 *    title on a narrow empty column (a Yes/No pick list) next to a wide empty one makes the narrow
 *    one Compliance Status and the wide one Answer.
 * 5. Question rows: rows below the header whose question cell holds a sentence, leaving out hidden
 *    rows and rows merged across the question column (titles, notes, section rows). A question cell
 *    alone in its row must read as a question (ends in '?' or opens with an asking or imperative
 *    word): a lone statement is a section title, an instruction or a closing note — unless most
 *    rows are lone statements (a list of requirements). Without a header row every question asks.
 */
import type { ColumnClassification, ColumnType, SheetLayout } from '../../../shared/schemas/source';
import type { ParsedSheet } from './types';
import { allowedValuesAt, validationsInColumn } from './validation-lookup';

const HEADER_SCAN_ROWS = 30;
const MIN_QUESTION_LENGTH = 10;
/** Column widths (Excel character units) that hold a pick-list value, and that hold a written answer. */
const NARROW_COLUMN = 16;
const WIDE_COLUMN = 30;
/** Loose title matching applies to titles of at most this many words. */
const LOOSE_TITLE_WORDS = 4;

/** Column titles by type, whole title (after normalising), most specific first. */
const TITLES: Array<[ColumnType, RegExp]> = [
  [
    'COMPLIANCE_STATUS',
    /^(compliance( status| level)?|compliant|complies|yes\s*\/\s*no(\s*\/\s*n\/?a)?|y\s*\/\s*n|status|meets requirement|choice|conformance|implemented)$/i,
  ],
  [
    'ANSWER',
    /^(answers?|responses?|(vendor|supplier|provider|csp|your|bidder|respondent)('s)? (answers?|responses?)|reply|answer\s*\/\s*comments?|response details?)$/i,
  ],
  [
    'REFERENCE_NUMBER',
    /^(ref\.?|reference|ref(erence)? (no\.?|number|#|id)|id|#|no\.?|nr\.?|num|number|item( no\.?| #| id)?|(control|question|ques|req(uirement)?|criteria) (id|ref|no\.?|num|number|#)|q\s*#|q\.? ?no\.?|qid|s\/n|sl\.? no\.?|serial( no\.?)?)$/i,
  ],
  [
    'SECTION',
    /^(section|domain|category|area|topic|group|(control )?(domain|family|area|category)|chapter|theme|subject|heading)$/i,
  ],
  [
    'IMPORTANCE',
    /^(importance|priority|weight(ing)?|criticality|risk( level| rating)?|severity|mandatory|required|must\s*\/\s*should)$/i,
  ],
  [
    'INFORMATION',
    /^(guidance|notes?|comments?|additional (information|comments?|notes?)|information|explanation|evidence( provided| required)?|help|instructions?|remarks?|clarification|supporting (information|documents?|evidence)|hint|example)$/i,
  ],
  [
    'QUESTION',
    /^(questions?|question text|question\s*\/\s*request|control( (question|description|requirement|objective|statement))?|requirements?|requirement description|description|criteria|criterion|assessment question|security question|query|item|specification|control statement)$/i,
  ],
];

/** Words inside a short title, when no whole-title pattern matched ('Consensus Assessment Question'). */
const LOOSE_TITLES: Array<[ColumnType, RegExp]> = [
  ['COMPLIANCE_STATUS', /\b(compliance|compliant|yes\s*\/\s*no|y\s*\/\s*n)\b/i],
  ['REFERENCE_NUMBER', /\b(id|ref|reference|no\.|number|num|#)(?=\s|$)/i],
  ['ANSWER', /\b(answers?|responses?)\b/i],
  ['SECTION', /\b(section|domain|category|family|chapter)\b/i],
  ['IMPORTANCE', /\b(priority|importance|weight(ing)?|criticality|severity)\b/i],
  [
    'INFORMATION',
    /\b(guidance|notes?|comments?|information|evidence|remarks?|specification|explanation|instructions?)\b/i,
  ],
  ['QUESTION', /\b(questions?|requirements?|controls?|criteria|request)\b/i],
];

/** A title's words: trailing ':' and '*', parentheses ("Compliance (Fully / Partially)") and spacing dropped. */
const normalise = (text: string) =>
  text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[:*?]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

export function titleType(text: string): ColumnType | null {
  const raw = text.replace(/\s+/g, ' ').trim();
  if (!raw || raw.length > 60) return null;
  // "Response (Yes/No/N/A)", "Compliant (Y/N)": a pick list of compliance values, whatever the words.
  if (/\(\s*(yes\s*\/\s*no|y\s*\/\s*n)\b/i.test(raw)) return 'COMPLIANCE_STATUS';
  const title = normalise(raw);
  if (!title) return raw === '#' ? 'REFERENCE_NUMBER' : null;
  for (const [type, pattern] of TITLES) if (pattern.test(title)) return type;
  if (title.split(' ').length > LOOSE_TITLE_WORDS) return null;
  for (const [type, pattern] of LOOSE_TITLES) if (pattern.test(title)) return type;
  return null;
}

const COMPLIANCE_VALUES =
  /^(yes|no|n\/?a|na|not applicable|partial(ly)?( compliant| implemented)?|(fully )?compliant|non[- ]?compliant|not compliant|fully|y|n|true|false|planned|in progress|implemented|not implemented)$/i;
const IMPORTANCE_VALUES =
  /^(high|medium|med|low|critical|mandatory|desirable|optional|required|recommended|must( have)?|should( have)?|could( have)?|nice to have|essential|p[0-4])$/i;
const REFERENCE_CODE =
  /^([A-Z]{1,6}[-. ]?)?\d{1,3}([.-]\d{1,3}){0,4}[a-z]?\.?$|^[A-Z][A-Z&]{0,5}-?[A-Z]{0,4}-?\d{1,4}(\.\d{1,3}){0,3}$/i;

const ASKING_WORDS =
  /^(do|does|is|are|has|have|can|could|will|would|should|shall|did|was|were|may|must|describe|explain|provide|list|state|confirm|indicate|please|what|how|who|whom|whose|when|where|which|why|select|specify|identify|outline|detail|give|attach|upload|name|enter|summari[sz]e|define|demonstrate|share|tell)\b/i;
/** A numbering prefix in the question text itself: '1.', '1.2)', 'Q3:', 'a)'. */
const NUMBER_PREFIX = /^(q\s*)?(\d{1,3}([.)]\d{0,3})*[.):]?|[a-z][.)])\s+/i;

/** Long enough, and either asking, or a sentence (five words or more). */
export function looksLikeQuestion(text: string) {
  const t = text.trim();
  if (t.length < MIN_QUESTION_LENGTH) return false;
  return asks(t) || t.split(/\s+/).length >= 5;
}

/** Reads as a question or a request: ends in '?' or opens (after any numbering) with an asking word. */
export function asks(text: string) {
  const t = text.trim();
  return t.endsWith('?') || ASKING_WORDS.test(t.replace(NUMBER_PREFIX, ''));
}

interface ColumnStats {
  filled: number;
  averageLength: number;
  questionLike: number;
  complianceLike: number;
  importanceLike: number;
  referenceLike: number;
  numeric: number;
  /** Values ending in '?' or opening with an asking word. */
  asking: number;
  distinct: number;
}

function statsOf(sheet: ParsedSheet, column: number, fromRow: number): ColumnStats {
  const values: string[] = [];
  for (const row of sheet.content.rows) {
    if (row.rowNumber <= fromRow || row.hidden) continue;
    const text = row.cells[column - 1]?.trim() ?? '';
    if (text) values.push(text);
  }
  const total = values.reduce((sum, v) => sum + v.length, 0);
  const count = (test: (v: string) => boolean) => values.filter(test).length;
  return {
    filled: values.length,
    averageLength: values.length ? total / values.length : 0,
    questionLike: count(looksLikeQuestion),
    complianceLike: count((v) => COMPLIANCE_VALUES.test(v)),
    importanceLike: count((v) => IMPORTANCE_VALUES.test(v)),
    referenceLike: count((v) => REFERENCE_CODE.test(v)),
    numeric: count((v) => /^\d+([.,]\d+)?$/.test(v)),
    asking: count(asks),
    distinct: new Set(values).size,
  };
}

/** The row among the first ones with the most cells that read as column titles (at least two, or one Question title). */
export function findHeaderRow(sheet: ParsedSheet): number | null {
  let best: { rowNumber: number; score: number } | null = null;
  for (const row of sheet.content.rows.slice(0, HEADER_SCAN_ROWS)) {
    if (row.hidden) continue;
    const types = row.cells.map(titleType).filter((t) => t !== null);
    const score = types.length + (types.includes('QUESTION') ? 1 : 0) + (types.includes('ANSWER') ? 1 : 0);
    const filled = row.cells.filter(Boolean).length;
    if (score >= 2 && filled >= 2 && (!best || score > best.score))
      best = { rowNumber: row.rowNumber, score };
  }
  return best?.rowNumber ?? null;
}

const SINGLE_USE: readonly ColumnType[] = [
  'ANSWER',
  'REFERENCE_NUMBER',
  'SECTION',
  'IMPORTANCE',
  'COMPLIANCE_STATUS',
];

export function detectSheetLayout(sheet: ParsedSheet): SheetLayout {
  const headerRow = findHeaderRow(sheet);
  const columnCount = sheet.columnCount;
  const hidden = new Set(sheet.content.columns.filter((c) => c.hidden).map((c) => c.columnNumber));
  const widthOf = (column: number) => sheet.content.columns.find((c) => c.columnNumber === column)?.width;
  const nothing = (): SheetLayout => ({
    headerRow: null,
    columnClassifications: Array.from({ length: columnCount }, (_, i) => ({
      columnNumber: i + 1,
      columnType: 'IGNORE' as const,
    })),
    questionRows: [],
  });

  // A hidden sheet (lists, lookups) is never a question source.
  if (sheet.hidden) return nothing();
  const stats = new Map<number, ColumnStats>();
  for (let column = 1; column <= columnCount; column++)
    stats.set(column, statsOf(sheet, column, headerRow ?? 0));
  const stat = (column: number) => stats.get(column) as ColumnStats;
  const header = () => sheet.content.rows.find((r) => r.rowNumber === headerRow)?.cells ?? [];
  const holdsQuestions = (column: number) => {
    const s = stat(column);
    return s.filled > 0 && s.averageLength >= 15 && s.questionLike >= s.filled / 2;
  };
  const questionScore = (column: number) => {
    const s = stat(column);
    return s.asking * 3 + s.questionLike * 2 + Math.min(s.averageLength, 200) / 10;
  };

  // 1. The question column: a Question-titled column holding text, else by content.
  let question: number | undefined;
  const titled = new Map<number, ColumnType>();
  if (headerRow !== null) {
    for (let column = 1; column <= columnCount; column++) {
      const type = titleType(header()[column - 1] ?? '');
      if (type && !hidden.has(column)) titled.set(column, type);
    }
    const candidates = [...titled].filter(([c, t]) => t === 'QUESTION' && holdsQuestions(c)).map(([c]) => c);
    if (candidates.length)
      question = candidates.reduce((a, b) => (questionScore(b) > questionScore(a) ? b : a));
  }
  if (question === undefined) {
    let best: { column: number; score: number } | undefined;
    for (let column = 1; column <= columnCount; column++) {
      const s = stat(column);
      if (hidden.has(column) || s.filled === 0 || !holdsQuestions(column)) continue;
      // Without a header row, only a column that asks questions (a cover or instructions sheet does not).
      const plausible =
        headerRow !== null
          ? s.averageLength >= 20 && s.asking >= Math.min(3, s.filled)
          : s.asking >= 3 && s.asking >= s.filled / 2;
      const score = questionScore(column);
      if (plausible && (!best || score > best.score)) best = { column, score };
    }
    question = best?.column;
  }
  if (question === undefined) return nothing();
  const types = new Map<number, ColumnType>([[question, 'QUESTION']]);
  const taken = (type: ColumnType) => [...types.values()].includes(type);
  const mostlyEmpty = (column: number) => stat(column).filled <= stat(question).filled * 0.2;
  // 2a. A column whose cells pick from a compliance drop-down list (Yes / No / N/A…), whatever its title.
  const dropdown = complianceDropdown(sheet, headerRow ?? 0, question, hidden);
  if (dropdown !== undefined) types.set(dropdown, 'COMPLIANCE_STATUS');
  // 2b. A group of "X"-mark columns titled Yes / No / N/A: one compliance answer.
  if (headerRow !== null && dropdown === undefined) {
    for (const column of markColumns(sheet, headerRow, question, hidden))
      types.set(column, 'COMPLIANCE_MARK');
  }
  // 2c. The other columns by title (single-use types: the first title wins).
  for (const [column, type] of titled) {
    if (column === question || types.has(column)) continue;
    if (type === 'QUESTION') {
      // Another question-like title: context when it holds text; when empty it may be the answer column.
      if (!mostlyEmpty(column)) types.set(column, 'INFORMATION');
      continue;
    }
    if (SINGLE_USE.includes(type) && taken(type)) continue;
    types.set(column, type);
  }

  // 3. By content.
  const free = (column: number) => !types.has(column) && !hidden.has(column);
  for (let column = 1; column <= columnCount; column++) {
    const s = stat(column);
    if (!free(column) || s.filled === 0) continue;
    if (!taken('COMPLIANCE_STATUS') && s.complianceLike >= Math.max(2, s.filled * 0.8)) {
      types.set(column, 'COMPLIANCE_STATUS');
    } else if (
      !taken('IMPORTANCE') &&
      s.importanceLike >= Math.max(2, s.filled * 0.8) &&
      s.numeric === 0 &&
      s.distinct <= 6
    ) {
      types.set(column, 'IMPORTANCE');
    } else if (!taken('REFERENCE_NUMBER') && column < question && s.referenceLike >= s.filled * 0.8) {
      types.set(column, 'REFERENCE_NUMBER');
    } else if (
      !taken('SECTION') &&
      column < question &&
      s.filled >= 4 &&
      s.distinct <= s.filled / 3 &&
      s.averageLength < 60
    ) {
      types.set(column, 'SECTION');
    } else if (s.averageLength >= 30 && s.filled >= stat(question).filled * 0.3) {
      types.set(column, 'INFORMATION');
    }
  }

  // 4. Exactly one Answer.
  const answerCandidate = (column: number) =>
    !hidden.has(column) && mostlyEmpty(column) && (free(column) || types.get(column) === 'INFORMATION');
  const wide = (column: number) => (widthOf(column) ?? WIDE_COLUMN) >= WIDE_COLUMN;
  const titledAnswer = [...types].find(([, t]) => t === 'ANSWER')?.[0];
  if (titledAnswer !== undefined) {
    // A narrow empty "answer" column beside a wide empty one is a pick list (CAIQ's "CSP CAIQ Answer").
    const width = widthOf(titledAnswer);
    const wider = [...Array(columnCount).keys()]
      .map((i) => i + 1)
      .find((c) => c > question && c !== titledAnswer && answerCandidate(c) && free(c) && wide(c));
    if (
      width !== undefined &&
      width <= NARROW_COLUMN &&
      mostlyEmpty(titledAnswer) &&
      wider !== undefined &&
      !taken('COMPLIANCE_STATUS')
    ) {
      types.set(titledAnswer, 'COMPLIANCE_STATUS');
      types.set(wider, 'ANSWER');
    }
  } else {
    const columns = [...Array(columnCount).keys()].map((i) => i + 1);
    const right = columns.filter((c) => c > question && answerCandidate(c));
    const pick =
      right.find((c) => free(c) && wide(c)) ??
      right.find((c) => wide(c)) ??
      right[0] ??
      columns.find((c) => c !== question && free(c) && mostlyEmpty(c));
    // No empty column at all: the first column after the used range (where the answers will go).
    types.set(pick ?? columnCount + 1, 'ANSWER');
  }

  const columnClassifications: ColumnClassification[] = [];
  for (let column = 1; column <= Math.max(columnCount, ...types.keys()); column++) {
    columnClassifications.push({ columnNumber: column, columnType: types.get(column) ?? 'IGNORE' });
  }

  // 5. Question rows.
  const mergedRows = new Set<number>();
  for (const m of sheet.content.merges) {
    if (m.toColumn > m.fromColumn && m.fromColumn <= question && m.toColumn >= question) {
      for (let row = m.fromRow; row <= m.toRow; row++) mergedRows.add(row);
    }
  }
  const candidates: Array<{ rowNumber: number; alone: boolean; asking: boolean }> = [];
  for (const row of sheet.content.rows) {
    if (row.hidden || (headerRow !== null && row.rowNumber <= headerRow)) continue;
    const text = row.cells[question - 1]?.trim() ?? '';
    if (!looksLikeQuestion(text) || mergedRows.has(row.rowNumber)) continue;
    // An example row under the header ("Example", "e.g. …") shows how to answer: not a question.
    if (candidates.length === 0 && row.cells.some((c) => EXAMPLE.test(c.trim()))) continue;
    const alone = !row.cells.some((c, i) => c.trim() && i !== question - 1 && !hidden.has(i + 1));
    candidates.push({ rowNumber: row.rowNumber, alone, asking: asks(text) });
  }
  // A question cell alone in its row must ask (section titles, instructions and closing notes do
  // not), unless the sheet's lone rows are mostly statements: a list of requirements.
  const lone = candidates.filter((c) => c.alone);
  const statementSheet =
    headerRow !== null &&
    lone.length >= candidates.length / 2 &&
    lone.filter((c) => c.asking).length < lone.length / 2;
  const questionRows = candidates
    .filter((c) => c.asking || (!c.alone && headerRow !== null) || (c.alone && statementSheet))
    .map((c) => c.rowNumber);
  return { headerRow, columnClassifications, questionRows };
}

/** A cell that marks its row as an example of how to answer. */
const EXAMPLE = /^(e\.\s?g\.?|eg:|examples?\b|sample\b|for example\b|illustration\b)/i;

/**
 * The first visible column (other than the question's) whose cells below the header are covered by
 * a drop-down list of compliance values (at least two of Yes / No / N/A, Compliant, Partially…).
 * Only the validations' ranges are looked at, never the cells they cover.
 */
const DROPDOWN_SAMPLE = 200;

function complianceDropdown(
  sheet: ParsedSheet,
  headerRow: number,
  question: number,
  hidden: Set<number>,
): number | undefined {
  const validations = sheet.content.validations ?? [];
  if (!validations.length) return undefined;
  const questionRows = sheet.content.rows.filter(
    (r) => r.rowNumber > headerRow && !r.hidden && looksLikeQuestion(r.cells[question - 1] ?? ''),
  );
  if (!questionRows.length) return undefined;
  // A sample spread over the sheet is enough to tell (and keeps a sheet of many rows quick).
  const step = Math.max(1, Math.floor(questionRows.length / DROPDOWN_SAMPLE));
  const rows = questionRows.filter((_, i) => i % step === 0);
  const columns = new Set<number>();
  for (const v of validations) {
    if (v.values.filter((value) => COMPLIANCE_VALUES.test(value.trim())).length < 2) continue;
    for (const r of v.ranges) {
      for (let c = r.fromColumn; c <= Math.min(r.toColumn, sheet.columnCount + 1); c++) columns.add(c);
    }
  }
  const covered = [...columns]
    .sort((a, b) => a - b)
    .filter((c) => c !== question && !hidden.has(c))
    .filter((c) => {
      const ofColumn = validationsInColumn(validations, c);
      const inList = rows.filter((r) => {
        const allowed = allowedValuesAt(ofColumn, r.rowNumber, c);
        return allowed && allowed.filter((value) => COMPLIANCE_VALUES.test(value.trim())).length >= 2;
      }).length;
      return inList >= Math.max(1, rows.length / 2);
    });
  return covered[0];
}

/** The classification a mark column's title names (Yes, No, Partial, N/A and their kin), or null. */
const MARK_TITLES: Array<[string, RegExp]> = [
  ['COMPLIANT', /^(yes|y|compliant|fully compliant|fully|met|implemented|in place)$/i],
  ['NON-COMPLIANT', /^(no|n|non[- ]?compliant|not compliant|not met|not implemented)$/i],
  ['PARTIALLY-COMPLIANT', /^(partial|partially|partly|partially compliant|partially met|in progress)$/i],
  ['NOT-APPLICABLE', /^(n\/?a|na|not applicable|does not apply)$/i],
];
export const markTitleClass = (text: string) =>
  MARK_TITLES.find(([, pattern]) => pattern.test(text.trim().replace(/[:.*]+$/, '')))?.[0] ?? null;

/** Values a mark cell holds: an X, a tick, a bullet. */
const MARK = /^(x|✓|✔|✗|✘|•|●|■|☒|☑|yes|1)$/i;

/**
 * Two or more adjacent columns right of the question whose titles (in the header row, or in a
 * sub-header row right below it) name different compliance values, and whose cells are empty or
 * marks: the "X in the right column" answer.
 */
function markColumns(sheet: ParsedSheet, headerRow: number, question: number, hidden: Set<number>): number[] {
  const rowOf = (n: number) => sheet.content.rows.find((r) => r.rowNumber === n)?.cells ?? [];
  for (const titleRow of [headerRow, headerRow + 1]) {
    const titles = rowOf(titleRow);
    let best: number[] = [];
    let run: number[] = [];
    const seen = new Set<string>();
    const close = () => {
      if (run.length > best.length) best = run;
      run = [];
      seen.clear();
    };
    for (let column = 1; column <= titles.length; column++) {
      const kind =
        column === question || hidden.has(column) ? null : markTitleClass(titles[column - 1] ?? '');
      if (!kind || seen.has(kind)) {
        close();
        if (!kind) continue;
      }
      run.push(column);
      seen.add(kind);
    }
    close();
    if (best.length < 2) continue;
    const marksOnly = best.every((column) =>
      sheet.content.rows.every(
        (r) =>
          r.rowNumber <= titleRow ||
          r.hidden ||
          !r.cells[column - 1]?.trim() ||
          MARK.test(r.cells[column - 1].trim()),
      ),
    );
    if (marksOnly) return best;
  }
  return [];
}
