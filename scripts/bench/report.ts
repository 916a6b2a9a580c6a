/** Figures, statistics and the summary table of `npm run bench` (scripts/bench.ts). */

export interface Row {
  metric: string;
  figure: string;
  target: string;
  /** undefined for an informational row (no target). */
  met?: boolean;
  /** The part that should have produced this row failed. */
  error?: boolean;
}

/** Decimal units: 1 kB = 1000 bytes, so "< 1 MB" means < 1,000,000 bytes. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function median(values: number[]): number {
  if (!values.length) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) throw new Error('percentile of no values');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** One line per row while a part runs; the target and verdict only where there is a target. */
export function rowLine(row: Row): string {
  const judged = row.met === undefined ? '' : `   target ${row.target}  ${verdict(row.met)}`;
  return `  ${row.metric.padEnd(42)} ${row.figure.padStart(14)}${judged}`;
}

/** The final table (Markdown-compatible), followed by a one-line tally. */
export function renderTable(rows: Row[]): string[] {
  const header = { metric: 'Metric', figure: 'Figure', target: 'Target', result: 'Result' };
  type Line = typeof header;
  const lines: Line[] = rows.map((row) => ({
    metric: row.metric,
    figure: row.figure,
    target: row.target,
    result: row.error ? 'ERROR' : row.met === undefined ? '' : verdict(row.met),
  }));
  const keys = Object.keys(header) as Array<keyof Line>;
  const width = Object.fromEntries(
    keys.map((key) => [key, Math.max(header[key].length, ...lines.map((line) => line[key].length))]),
  ) as Record<keyof Line, number>;
  const cell = (line: Line, key: keyof Line) =>
    key === 'figure' ? line[key].padStart(width[key]) : line[key].padEnd(width[key]);
  const format = (line: Line) => `| ${keys.map((key) => cell(line, key)).join(' | ')} |`;
  const rule = `|${keys.map((key) => '-'.repeat(width[key] + 2)).join('|')}|`;

  const judged = rows.filter((row) => row.met !== undefined);
  const missed = judged.filter((row) => !row.met).length;
  const errors = rows.filter((row) => row.error).length;
  const tally =
    `${judged.length - missed}/${judged.length} targets met` +
    (missed ? `, ${missed} MISSED` : '') +
    (errors ? `, ${errors} part(s) failed with an error` : '');
  return [format(header), rule, ...lines.map(format), '', tally];
}
