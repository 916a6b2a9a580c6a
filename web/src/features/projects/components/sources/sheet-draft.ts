/**
 * The sheet configuration being edited (spec 001 §4, §5): which sheet is included, the type of
 * each column and the rows that hold questions. Pure functions: the screen keeps a draft, compares
 * it with what is stored (unsaved changes), validates it with the shared rules and turns it into
 * the configure request.
 */

import type {
  ColumnClassification,
  ColumnType,
  ConfigureSheetRequest,
  SheetContent,
  SheetDetail,
} from '@shared/schemas/source';
import { sheetConfigProblem } from '@shared/sheet-config';

export interface SheetDraft {
  isLinked: boolean;
  /** The type of each column that is not ignored, by column number. */
  columns: ReadonlyMap<number, ColumnType>;
  /** The rows included as questions. */
  rows: ReadonlySet<number>;
}

/** 1 → 'A', 26 → 'Z', 27 → 'AA', 703 → 'AAA' (Excel's column letters). */
export function columnLetter(columnNumber: number): string {
  let n = columnNumber;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const columnMap = (classifications: readonly ColumnClassification[]) =>
  new Map(
    classifications
      .filter((c) => c.columnType !== 'IGNORE')
      .map((c) => [c.columnNumber, c.columnType] as const),
  );

/** What is stored for the sheet (before the first save: nothing configured). */
export function storedDraft(detail: SheetDetail): SheetDraft {
  return {
    isLinked: detail.isLinked,
    columns: columnMap(detail.columnClassifications),
    rows: new Set(detail.rowInclusion.filter((r) => r.isLinked).map((r) => r.rowNumber)),
  };
}

/** The detected layout, included when it found any question rows. */
export function suggestedDraft(detail: SheetDetail): SheetDraft {
  const { suggestion } = detail;
  return {
    isLinked: suggestion.questionRows.length > 0 || detail.isLinked,
    columns: columnMap(suggestion.columnClassifications),
    rows: new Set(suggestion.questionRows),
  };
}

/**
 * Where editing starts: the stored configuration, or for a sheet never saved the detected layout
 * (which then counts as unsaved, so the user only has to confirm it).
 */
export function initialDraft(detail: SheetDetail): SheetDraft {
  return detail.configured ? storedDraft(detail) : suggestedDraft(detail);
}

const sameMap = <K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>) =>
  a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) =>
  a.size === b.size && [...a].every((v) => b.has(v));

export function sameDraft(a: SheetDraft, b: SheetDraft): boolean {
  return a.isLinked === b.isLinked && sameMap(a.columns, b.columns) && sameSet(a.rows, b.rows);
}

/** Unsaved changes: a never-saved sheet always has some (its configuration is still to be confirmed). */
export function isDirty(draft: SheetDraft, detail: SheetDetail): boolean {
  return !detail.configured || !sameDraft(draft, storedDraft(detail));
}

export function classifications(draft: SheetDraft, columnCount: number): ColumnClassification[] {
  const count = Math.max(columnCount, ...draft.columns.keys(), 0);
  return Array.from({ length: count }, (_, i) => ({
    columnNumber: i + 1,
    columnType: draft.columns.get(i + 1) ?? 'IGNORE',
  }));
}

/** The spec's message for the first rule the draft breaks, or null. */
export function draftProblem(draft: SheetDraft): string | null {
  return sheetConfigProblem(
    [...draft.columns].map(([columnNumber, columnType]) => ({ columnNumber, columnType })),
    draft.isLinked,
  );
}

export function withColumnType(draft: SheetDraft, columnNumber: number, type: ColumnType): SheetDraft {
  const columns = new Map(draft.columns);
  if (type === 'IGNORE') columns.delete(columnNumber);
  else columns.set(columnNumber, type);
  return { ...draft, columns };
}

/**
 * A click on a row's checkbox: the row takes `included`; with shift held and an anchor (the last
 * row clicked), every row from the anchor to this one takes it too, as in a file manager.
 */
export function withRowsToggled(
  draft: SheetDraft,
  rowNumber: number,
  included: boolean,
  anchor: number | null = null,
): SheetDraft {
  const rows = new Set(draft.rows);
  const [from, to] =
    anchor === null ? [rowNumber, rowNumber] : [Math.min(anchor, rowNumber), Math.max(anchor, rowNumber)];
  for (let row = from; row <= to; row++) {
    if (included) rows.add(row);
    else rows.delete(row);
  }
  return { ...draft, rows };
}

const hasText = (cell: string | undefined) => (cell ?? '').trim() !== '';

/**
 * Include all: every row below the header row with text in a Question column (any text at all
 * when no column is a Question yet). Blank rows and the title block stay out.
 */
export function withAllRows(draft: SheetDraft, content: SheetContent, headerRow: number | null): SheetDraft {
  const questionColumns = [...draft.columns].filter(([, type]) => type === 'QUESTION').map(([n]) => n);
  const rows = new Set<number>();
  for (const row of content.rows) {
    if (headerRow !== null && row.rowNumber <= headerRow) continue;
    const filled =
      questionColumns.length > 0
        ? questionColumns.some((n) => hasText(row.cells[n - 1]))
        : row.cells.some((cell) => hasText(cell));
    if (filled) rows.add(row.rowNumber);
  }
  return { ...draft, rows };
}

export const withNoRows = (draft: SheetDraft): SheetDraft => ({ ...draft, rows: new Set() });

/** Rows included that hold text in a Question column: the questions a save gives the project. */
export function questionRowCount(draft: SheetDraft, content: SheetContent | undefined): number {
  if (!draft.isLinked) return 0;
  if (!content) return draft.rows.size;
  const questionColumns = [...draft.columns].filter(([, type]) => type === 'QUESTION').map(([n]) => n);
  return content.rows.filter(
    (row) => draft.rows.has(row.rowNumber) && questionColumns.some((n) => hasText(row.cells[n - 1])),
  ).length;
}

/**
 * The configure body: every column with its type, every row of the sheet with an explicit state
 * (rows of the stored configuration beyond the content are kept explicit too), and the version
 * the user edited.
 */
export function configureRequest(
  draft: SheetDraft,
  detail: SheetDetail,
  content: SheetContent,
): ConfigureSheetRequest {
  const rowNumbers = new Set<number>(content.rows.map((r) => r.rowNumber));
  for (const r of detail.rowInclusion) rowNumbers.add(r.rowNumber);
  for (const r of draft.rows) rowNumbers.add(r);
  return {
    columnClassifications: classifications(draft, Math.max(detail.columnCount, content.columns.length)),
    isLinked: draft.isLinked,
    rowInclusion: [...rowNumbers]
      .sort((a, b) => a - b)
      .map((rowNumber) => ({ rowNumber, isLinked: draft.rows.has(rowNumber) })),
    version: detail.version >= 1 ? detail.version : undefined,
  };
}

/** Merged ranges by the rows they cover: where a row's cell spans, and whether it holds the text. */
export interface RowMerge {
  fromColumn: number;
  toColumn: number;
  /** The first row of the range (its text shows there). */
  first: boolean;
  /** The last row of the range. */
  last: boolean;
}

export function mergesByRow(merges: SheetContent['merges']): Map<number, RowMerge[]> {
  const byRow = new Map<number, RowMerge[]>();
  for (const m of merges) {
    for (let row = m.fromRow; row <= m.toRow; row++) {
      const list = byRow.get(row) ?? [];
      list.push({
        fromColumn: m.fromColumn,
        toColumn: m.toColumn,
        first: row === m.fromRow,
        last: row === m.toRow,
      });
      byRow.set(row, list);
    }
  }
  return byRow;
}

/** Unsaved-change summary for the footer, e.g. '3 columns and 12 rows changed'. */
export function changeSummary(draft: SheetDraft, detail: SheetDetail): string {
  if (!detail.configured) return 'Detected layout, not saved yet';
  const stored = storedDraft(detail);
  const columnCount = new Set([...draft.columns.keys(), ...stored.columns.keys()]);
  const columns = [...columnCount].filter((n) => draft.columns.get(n) !== stored.columns.get(n)).length;
  let rows = 0;
  for (const r of draft.rows) if (!stored.rows.has(r)) rows++;
  for (const r of stored.rows) if (!draft.rows.has(r)) rows++;
  const parts: string[] = [];
  if (draft.isLinked !== stored.isLinked) parts.push(draft.isLinked ? 'sheet included' : 'sheet left out');
  if (columns) parts.push(`${columns} ${columns === 1 ? 'column' : 'columns'}`);
  if (rows) parts.push(`${rows} ${rows === 1 ? 'row' : 'rows'}`);
  return parts.length ? `Unsaved changes: ${parts.join(', ')}` : '';
}
