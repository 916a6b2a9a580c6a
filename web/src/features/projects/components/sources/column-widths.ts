/**
 * How wide each column of the sheet configuration grid is drawn. A column is as wide as most of its
 * text needs (not its longest cell: a title or section heading in the first column, or one long
 * note, would make a column of short references very wide), never wider than the file's own width
 * for it, and always wide enough for the name of its column type in the header's picker, so
 * "Compliance Status" reads in full.
 */
import { COLUMN_TYPE_LABELS, type ColumnType, type SheetContent } from '@shared/schemas/source';

export const MIN_COLUMN_WIDTH = 96;
export const MAX_COLUMN_WIDTH = 380;
/** Rows read to size the columns. */
const SAMPLE_ROWS = 300;
/** The share of a column's cells whose text decides its width (the rest may wrap or be clipped). */
const SHARE = 0.9;
/** Pixels per character of the grid's cell text, and around it. */
const CELL_CHAR = 6.5;
const CELL_PADDING = 20;
/** Pixels per character of the picker's (semi-bold) label, and the picker's dot, chevron and padding. */
const LABEL_CHAR = 7.4;
const PICKER_CHROME = 22 + 30 + 14;

/** The width the header's picker needs to show a type's name whole. */
export const pickerWidth = (type: ColumnType) =>
  Math.ceil(COLUMN_TYPE_LABELS[type].length * LABEL_CHAR + PICKER_CHROME);

/** The columns' widths in pixels, for the columns' current types. */
export function columnWidths(content: SheetContent, types: readonly ColumnType[]): number[] {
  const sample = content.rows.slice(0, SAMPLE_ROWS);
  // Text that starts a merge over several columns spreads over them: it sizes none alone.
  const spread = new Set(
    content.merges.filter((m) => m.toColumn > m.fromColumn).map((m) => `${m.fromRow}:${m.fromColumn}`),
  );
  return types.map((type, i) => {
    const column = i + 1;
    const lengths = sample
      .filter((row) => !spread.has(`${row.rowNumber}:${column}`))
      .map((row) => (row.cells[i] ?? '').trim().length)
      .filter((length) => length > 0)
      .sort((a, b) => a - b);
    const typical = lengths.length
      ? lengths[Math.min(lengths.length - 1, Math.floor(lengths.length * SHARE))]
      : 0;
    let width = typical * CELL_CHAR + CELL_PADDING;
    const stored = content.columns.find((c) => c.columnNumber === column)?.width;
    if (stored) width = Math.min(width, Math.round(stored * 7 + 10));
    width = Math.max(width, pickerWidth(type), MIN_COLUMN_WIDTH);
    return Math.round(Math.min(MAX_COLUMN_WIDTH, width));
  });
}
