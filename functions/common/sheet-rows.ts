/**
 * Row numbers kept compactly as ranges ('3-120,122'): a sheet's included rows fit one item whatever
 * the sheet's size.
 */
export function toRanges(rows: Iterable<number>): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function fromRanges(ranges: string): number[] {
  const rows: number[] = [];
  for (const part of ranges.split(',').filter(Boolean)) {
    const [from, to = from] = part.split('-').map(Number);
    for (let row = from; row <= to; row++) rows.push(row);
  }
  return rows;
}

/** A merged range of a sheet (SheetContent['merges']): 1-based, inclusive. */
interface MergedRange {
  fromRow: number;
  fromColumn: number;
  toRow: number;
  toColumn: number;
}

/**
 * A cell's text as Excel shows it: a cell inside a merged range shows the range's top-left text
 * (a Section column merged down B6:B10 shows "Access Control" on rows 6 to 10), otherwise its own.
 * `column` is 1-based; `cellsOf` gives a row's cells.
 */
export function shownText(
  merges: readonly MergedRange[],
  cellsOf: (rowNumber: number) => readonly string[] | undefined,
  rowNumber: number,
  column: number,
): string {
  const own = cellsOf(rowNumber)?.[column - 1] ?? '';
  if (own) return own;
  const merge = merges.find(
    (m) => m.fromRow <= rowNumber && rowNumber <= m.toRow && m.fromColumn <= column && column <= m.toColumn,
  );
  return merge ? (cellsOf(merge.fromRow)?.[merge.fromColumn - 1] ?? '') : '';
}

type SheetRows = ReadonlyArray<{
  rowNumber: number;
  hidden?: boolean;
  bold?: boolean;
  cells: readonly string[];
}>;

/** The lowest row number (Infinity for none), without spreading a large set into arguments. */
const lowest = (rows: Iterable<number>) => {
  let min = Number.POSITIVE_INFINITY;
  for (const row of rows) if (row < min) min = row;
  return min;
};

/** The longest a title row's text may be to name a section. */
const TITLE_TEXT = 150;

/**
 * Sections from title rows, for a sheet without a Section column: each included row takes the
 * nearest title row above it — a row with a single filled cell that is merged across columns or
 * bold ("Application & Interface Security" over its group of questions). Above the first included
 * row only the titles below the last row of several cells (the header) count, so a title block
 * over the header is nobody's section; a sentence (ending in '.', '?' or '!') is an instruction.
 */
export function titleSections(
  rows: SheetRows,
  merges: readonly MergedRange[],
  includedRows: Iterable<number>,
): Map<number, string> {
  const included = new Set(includedRows);
  const first = lowest(included);
  const mergedAcross = new Set(merges.filter((m) => m.toColumn > m.fromColumn).map((m) => m.fromRow));
  const sections = new Map<number, string>();
  let current = '';
  for (const row of rows) {
    if (included.has(row.rowNumber)) {
      if (current) sections.set(row.rowNumber, current);
      continue;
    }
    const filled = row.cells.map((c) => c.trim()).filter(Boolean);
    if (row.hidden || filled.length === 0) continue;
    if (filled.length > 1) {
      if (row.rowNumber < first) current = '';
      continue;
    }
    // A sentence ("Please answer every question below.") is an instruction, not a title.
    const title = filled[0];
    if ((mergedAcross.has(row.rowNumber) || row.bold) && title.length <= TITLE_TEXT && !/[.?!]$/.test(title))
      current = title;
  }
  return sections;
}

/**
 * The title of each "X"-mark column: the nearest cell above the first included row in that column
 * that `isTitle` accepts (the header, or a sub-header under a merged "Response" title; an example
 * row's "X" is passed over).
 */
export function markTitles(
  rows: SheetRows,
  markColumns: readonly number[],
  includedRows: Iterable<number>,
  isTitle: (text: string) => boolean,
): Map<number, string> {
  const first = lowest(includedRows);
  const titles = new Map<number, string>();
  const above = rows.filter((r) => r.rowNumber < first).reverse();
  for (const column of markColumns) {
    const title = above.map((r) => r.cells[column - 1]?.trim() ?? '').find((t) => t && isTitle(t));
    if (title) titles.set(column, title);
  }
  return titles;
}
