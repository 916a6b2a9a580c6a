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
