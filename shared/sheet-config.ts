/**
 * The sheet configuration rules of spec 001 §5, shared by the configuration screen (which shows the
 * message and disables Save) and the configure route (which refuses the same body with 400).
 */
import { COLUMN_TYPE_LABELS, type ColumnClassification, type ColumnType } from './schemas/source';

/** Column types a sheet may have at most one of (the spec's "Group" is the Section column). */
const AT_MOST_ONE: readonly ColumnType[] = [
  'ANSWER',
  'REFERENCE_NUMBER',
  'SECTION',
  'IMPORTANCE',
  'COMPLIANCE_STATUS',
];

/** The first rule an included sheet's columns break, as the spec words it, or null. */
export function sheetConfigProblem(
  columns: readonly ColumnClassification[],
  isLinked: boolean,
): string | null {
  if (!isLinked) return null;
  const count = (type: ColumnType) => columns.filter((c) => c.columnType === type).length;
  if (count('QUESTION') === 0) return 'Please choose a column as Question';
  if (count('ANSWER') === 0) return 'Please choose a column as Answer';
  for (const type of AT_MOST_ONE) {
    if (count(type) > 1) return `Please choose only one column as ${COLUMN_TYPE_LABELS[type]}`;
  }
  // "X"-mark columns answer together (one column per value), and instead of a Compliance Status column.
  if (count('COMPLIANCE_MARK') === 1) return 'Please choose at least two columns as Compliance Mark';
  if (count('COMPLIANCE_MARK') > 0 && count('COMPLIANCE_STATUS') > 0)
    return 'Please choose either a Compliance Status column or Compliance Mark columns';
  return null;
}
