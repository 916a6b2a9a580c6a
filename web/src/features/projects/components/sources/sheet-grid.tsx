import { Box, Select, Tooltip } from '@mantine/core';
import { COLUMN_TYPE_LABELS, COLUMN_TYPES, type ColumnType, type SheetContent } from '@shared/schemas/source';
import { IconEyeOff } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, useEffect, useMemo, useRef } from 'react';
import { columnWidths } from './column-widths';
import { columnLetter, mergesByRow, type RowMerge, type SheetDraft } from './sheet-draft';
import classes from './sheet-grid.module.css';
import { COLUMN_TYPE_COLORS } from './source-visuals';

const ROW_HEIGHT = 30;
const GUTTER = 76;

const TYPE_OPTIONS = COLUMN_TYPES.map((type) => ({ value: type, label: COLUMN_TYPE_LABELS[type] }));

const typeStyle = (type: ColumnType): CSSProperties =>
  type === 'IGNORE'
    ? {}
    : ({
        '--column-color': `var(--mantine-color-${COLUMN_TYPE_COLORS[type]}-5)`,
        '--column-tint': `var(--mantine-color-${COLUMN_TYPE_COLORS[type]}-0)`,
      } as CSSProperties);

interface RowProps {
  row: SheetContent['rows'][number];
  top: number;
  width: number;
  widths: readonly number[];
  types: readonly ColumnType[];
  hiddenColumns: ReadonlySet<number>;
  merges: readonly RowMerge[] | undefined;
  included: boolean;
  header: boolean;
  onToggle: (rowNumber: number, included: boolean, shift: boolean) => void;
}

const GridRow = memo(function GridRow({
  row,
  top,
  width,
  widths,
  types,
  hiddenColumns,
  merges,
  included,
  header,
  onToggle,
}: RowProps) {
  const cells: React.ReactNode[] = [];
  for (let column = 1; column <= widths.length; column++) {
    const merge = merges?.find((m) => m.fromColumn === column);
    const type = types[column - 1];
    if (merge) {
      const to = Math.min(merge.toColumn, widths.length);
      let spanned = 0;
      for (let c = column; c <= to; c++) spanned += widths[c - 1];
      const text = merge.first ? (row.cells[column - 1] ?? '') : '';
      cells.push(
        <div
          key={column}
          title={text || undefined}
          className={`${classes.cell} ${classes.merged} ${merge.last ? '' : classes.mergedBelow}`}
          style={{ width: spanned, lineHeight: `${ROW_HEIGHT - 1}px` }}
        >
          {text}
        </div>,
      );
      column = to;
      continue;
    }
    const text = row.cells[column - 1] ?? '';
    cells.push(
      <div
        key={column}
        title={text.length > 30 ? text : undefined}
        className={`${classes.cell} ${type !== 'IGNORE' ? classes.typed : ''} ${hiddenColumns.has(column) ? classes.hiddenCell : ''}`}
        style={{ width: widths[column - 1], lineHeight: `${ROW_HEIGHT - 1}px`, ...typeStyle(type) }}
      >
        {text}
      </div>,
    );
  }
  const rowClass = [
    classes.row,
    included ? classes.included : '',
    header ? classes.headerRow : '',
    row.hidden ? classes.hiddenRow : '',
  ].join(' ');
  return (
    <div
      className={rowClass}
      data-row={row.rowNumber}
      data-included={included || undefined}
      data-header={header || undefined}
      data-hidden={row.hidden || undefined}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT, width }}
    >
      <div className={classes.gutter} style={{ width: GUTTER, lineHeight: `${ROW_HEIGHT - 1}px` }}>
        <input
          type="checkbox"
          checked={included}
          aria-label={`Include row ${row.rowNumber}`}
          onChange={() => undefined}
          onClick={(event) => onToggle(row.rowNumber, !included, event.shiftKey)}
        />
        {row.hidden ? (
          <Tooltip label="Hidden row" withArrow openDelay={300}>
            <span className={classes.marker}>
              <IconEyeOff size={12} role="img" aria-label="Hidden row" />
            </span>
          </Tooltip>
        ) : null}
        <span className={classes.rowNumber}>{row.rowNumber}</span>
      </div>
      {cells}
    </div>
  );
});

interface HeaderProps {
  width: number;
  widths: readonly number[];
  types: readonly ColumnType[];
  hiddenColumns: ReadonlySet<number>;
  onColumnType: (columnNumber: number, type: ColumnType) => void;
}

/** Column letters with each column's type: re-rendered only when a type changes, not on scroll. */
const GridHeader = memo(function GridHeader({
  width,
  widths,
  types,
  hiddenColumns,
  onColumnType,
}: HeaderProps) {
  return (
    <div className={classes.header} style={{ width }}>
      <div className={classes.corner} style={{ width: GUTTER }}>
        Include
      </div>
      {widths.map((w, i) => {
        const columnNumber = i + 1;
        const letter = columnLetter(columnNumber);
        const type = types[i];
        const hidden = hiddenColumns.has(columnNumber);
        return (
          <div
            key={columnNumber}
            data-column={letter}
            className={`${classes.columnHead} ${hidden ? classes.hiddenColumn : ''}`}
            style={{ width: w, ...typeStyle(type) }}
          >
            <span className={classes.letter}>
              {letter}
              {hidden ? (
                <Tooltip label="Hidden column" withArrow>
                  <span className={classes.marker}>
                    <IconEyeOff size={12} role="img" aria-label="Hidden column" />
                  </span>
                </Tooltip>
              ) : null}
            </span>
            <Select
              size="xs"
              aria-label={`Column ${letter} type`}
              data={TYPE_OPTIONS}
              value={type}
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ withinPortal: true, width: 200, position: 'bottom-start' }}
              leftSection={
                <Box
                  component="span"
                  w={8}
                  h={8}
                  style={{
                    borderRadius: '50%',
                    background: `var(--mantine-color-${COLUMN_TYPE_COLORS[type]}-${type === 'IGNORE' ? 4 : 6})`,
                  }}
                  aria-hidden
                />
              }
              leftSectionWidth={22}
              styles={{
                input: {
                  fontWeight: type === 'IGNORE' ? 400 : 600,
                  color: type === 'IGNORE' ? 'var(--mantine-color-gray-6)' : undefined,
                  background: 'var(--mantine-color-body)',
                },
              }}
              onChange={(value) => value && onColumnType(columnNumber, value as ColumnType)}
            />
          </div>
        );
      })}
    </div>
  );
});

export interface SheetGridProps {
  content: SheetContent;
  columnCount: number;
  draft: SheetDraft;
  headerRow: number | null;
  onColumnType: (columnNumber: number, type: ColumnType) => void;
  onRowToggle: (rowNumber: number, included: boolean, shift: boolean) => void;
  /** The sheet is left out: the grid stays editable but reads as inactive. */
  muted?: boolean;
}

/**
 * The sheet as Excel shows it, virtualised (only the rows on screen are in the page, so a sheet of
 * 10,000 rows scrolls as smoothly as one of ten): column letters with each column's type, row
 * numbers with an include checkbox, hidden rows and columns striped with a marker, merged ranges
 * spanning their columns, and the detected header row highlighted.
 */
export function SheetGrid({
  content,
  columnCount,
  draft,
  headerRow,
  onColumnType,
  onRowToggle,
  muted,
}: SheetGridProps) {
  const scroller = useRef<HTMLElement>(null);
  const count = Math.max(columnCount, content.columns.length, 1);

  const merges = useMemo(() => mergesByRow(content.merges), [content.merges]);
  const hiddenColumns = useMemo(
    () => new Set(content.columns.filter((c) => c.hidden).map((c) => c.columnNumber)),
    [content.columns],
  );
  const types = useMemo(
    () => Array.from({ length: count }, (_, i) => draft.columns.get(i + 1) ?? 'IGNORE'),
    [draft.columns, count],
  );
  const widths = useMemo(() => columnWidths(content, types), [content, types]);
  const width = GUTTER + widths.reduce((sum, w) => sum + w, 0);

  const virtualizer = useVirtualizer({
    count: content.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 16,
  });

  // Open on the header row (with a little of the title block above it for context).
  const headerIndex = headerRow === null ? -1 : content.rows.findIndex((r) => r.rowNumber === headerRow);
  useEffect(() => {
    if (headerIndex > 3) virtualizer.scrollToIndex(headerIndex - 2, { align: 'start' });
  }, [content]);

  return (
    <section
      ref={scroller}
      className={`${classes.scroller} ${muted ? classes.muted : ''}`}
      aria-label="Sheet content"
      data-row-count={content.rows.length}
    >
      <div style={{ width, minWidth: '100%' }}>
        <GridHeader
          width={width}
          widths={widths}
          types={types}
          hiddenColumns={hiddenColumns}
          onColumnType={onColumnType}
        />
        <div className={classes.body} style={{ height: virtualizer.getTotalSize(), width }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = content.rows[item.index];
            return (
              <GridRow
                key={row.rowNumber}
                row={row}
                top={item.start}
                width={width}
                widths={widths}
                types={types}
                hiddenColumns={hiddenColumns}
                merges={merges.get(row.rowNumber)}
                included={draft.rows.has(row.rowNumber)}
                header={row.rowNumber === headerRow}
                onToggle={onRowToggle}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}
