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
