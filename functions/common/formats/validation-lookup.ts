/**
 * Look-ups in a sheet's stored drop-down lists (validations.ts reads them from the workbook), for
 * the layout detection and the write-back, which never parse a workbook's XML for them.
 */
import type { SheetContent } from '../../../shared/schemas/source';

/** The values the validation covering a cell allows, or undefined when no list covers it. */
export function allowedValuesAt(
  validations: SheetContent['validations'],
  rowNumber: number,
  column: number,
): string[] | undefined {
  // A later validation over the same cell is the one Excel applies.
  for (let i = (validations?.length ?? 0) - 1; i >= 0; i--) {
    const v = validations![i];
    if (
      v.ranges.some(
        (r) =>
          r.fromRow <= rowNumber && rowNumber <= r.toRow && r.fromColumn <= column && column <= r.toColumn,
      )
    )
      return v.values;
  }
  return undefined;
}

/** The validations that reach `column`, with only their ranges there (for many look-ups in one column). */
export function validationsInColumn(
  validations: SheetContent['validations'],
  column: number,
): NonNullable<SheetContent['validations']> {
  return (validations ?? [])
    .map((v) => ({ ...v, ranges: v.ranges.filter((r) => r.fromColumn <= column && column <= r.toColumn) }))
    .filter((v) => v.ranges.length > 0);
}
