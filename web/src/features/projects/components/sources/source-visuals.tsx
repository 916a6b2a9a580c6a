import { Badge, Loader, ThemeIcon } from '@mantine/core';
import type { ColumnType, SourceFormat, SourceStatus } from '@shared/schemas/source';
import { IconFileTypeCsv, IconFileTypeDocx, IconFileTypeXls } from '@tabler/icons-react';

const FORMAT_ICON = { xlsx: IconFileTypeXls, csv: IconFileTypeCsv, docx: IconFileTypeDocx } as const;
const FORMAT_COLOR: Record<SourceFormat, string> = { xlsx: 'green', csv: 'teal', docx: 'blue' };
export const FORMAT_LABEL: Record<SourceFormat, string> = {
  xlsx: 'Excel workbook',
  csv: 'CSV file',
  docx: 'Word document',
};

/** A file's format as a coloured icon (Excel green, CSV teal, Word blue). */
export function FormatIcon({ format, size = 36 }: { format: SourceFormat; size?: number }) {
  const Icon = FORMAT_ICON[format];
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="light"
      color={FORMAT_COLOR[format]}
      aria-label={FORMAT_LABEL[format]}
    >
      <Icon size={Math.round(size * 0.6)} stroke={1.6} />
    </ThemeIcon>
  );
}

/** 1536 → '1.5 KB', 2_500_000 → '2.4 MB'. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A source's state: Processing… with a loader, Ready, Failed (the reason is shown beside it). */
export function StatusBadge({ status }: { status: SourceStatus }) {
  switch (status) {
    case 'UPLOADING':
      return (
        <Badge variant="light" color="gray" leftSection={<Loader size={10} color="gray" />}>
          Uploading…
        </Badge>
      );
    case 'PROCESSING':
      return (
        <Badge variant="light" color="blue" leftSection={<Loader size={10} color="blue" />}>
          Processing…
        </Badge>
      );
    case 'READY':
      return (
        <Badge variant="light" color="teal">
          Ready
        </Badge>
      );
    case 'FAILED':
      return (
        <Badge variant="light" color="red">
          Failed
        </Badge>
      );
  }
}

/** One colour per column type: the column's chip, its header and a tint of its cells. */
export const COLUMN_TYPE_COLORS: Record<ColumnType, string> = {
  IGNORE: 'gray',
  QUESTION: 'indigo',
  ANSWER: 'teal',
  COMPLIANCE_STATUS: 'orange',
  REFERENCE_NUMBER: 'grape',
  INFORMATION: 'cyan',
  SECTION: 'yellow',
  IMPORTANCE: 'pink',
  COMPLIANCE_MARK: 'red',
};
