/** The names exported files are saved under (pure). */
import type { SourceFormat } from '../../shared/schemas/source';

/** A name that is safe as a file name on every system (no path separators or reserved characters). */
export function safeFileName(name: string, fallback = 'Project'): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .trim()
    .slice(0, 120)
    .trim();
  return cleaned || fallback;
}

/** '<Project name> - Export YYYY-MM-DD.csv' (the date in UTC). */
export const dataExportFileName = (projectName: string, format: 'csv' | 'xlsx', now = new Date()) =>
  `${safeFileName(projectName)} - Export ${now.toISOString().slice(0, 10)}.${format}`;

/** '<original base name> (answered).<ext>' */
export function answeredFileName(originalName: string, format: SourceFormat | 'xlsm') {
  const base = originalName.replace(/\.[A-Za-z0-9]+$/, '');
  return `${safeFileName(base, 'Questionnaire')} (answered).${format}`;
}
