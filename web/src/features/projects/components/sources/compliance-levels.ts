/**
 * The levels compliance wording can be set at (spec 001 §4): the project, each source file and each
 * sheet of a workbook. The answered questionnaire resolves sheet, then file, then project, then the
 * product default; an empty field shows the wording it falls back to.
 */
import { DEFAULT_WORDING, type WordingKey } from '@shared/compliance';
import type { ComplianceOverrides } from '@shared/schemas/project';
import type { Source } from '@shared/schemas/source';

export type Wording = Record<WordingKey, string>;
export const EMPTY_WORDING: Wording = {
  compliant: '',
  nonCompliant: '',
  partiallyCompliant: '',
  notApplicable: '',
};
const KEYS = Object.keys(EMPTY_WORDING) as WordingKey[];

export interface WordingLevel {
  /** The id the wording is keyed by: projectId, projectSourceId or sheetId. */
  key: string;
  kind: 'project' | 'file' | 'sheet';
  label: string;
  /** The levels it falls back to, nearest first (not including the default). */
  parents: string[];
}

/** The project, then each file (newest first) followed by its sheets (workbooks only, in file order). */
export function wordingLevels(projectId: string, sources: readonly Source[]): WordingLevel[] {
  const levels: WordingLevel[] = [{ key: projectId, kind: 'project', label: 'Project', parents: [] }];
  for (const source of [...sources].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    if (source.status !== 'READY') continue;
    levels.push({ key: source.projectSourceId, kind: 'file', label: source.fileName, parents: [projectId] });
    if (source.fileFormat !== 'xlsx') continue;
    for (const sheet of [...source.sheets].sort((a, b) => a.sheetIndex - b.sheetIndex)) {
      levels.push({
        key: sheet.sheetId,
        kind: 'sheet',
        label: `${source.fileName} › ${sheet.sheetName}`,
        parents: [source.projectSourceId, projectId],
      });
    }
  }
  return levels;
}

/** The stored wording of a level, every field present ('' when unset). */
export const storedWording = (overrides: ComplianceOverrides | undefined, key: string): Wording => ({
  ...EMPTY_WORDING,
  ...Object.fromEntries(Object.entries(overrides?.[key] ?? {}).filter(([, v]) => typeof v === 'string')),
});

/** What each field of a level falls back to when left empty: its nearest parent's text, else the default. */
export function fallbackWording(level: WordingLevel, values: Readonly<Record<string, Wording>>): Wording {
  const result = { ...EMPTY_WORDING };
  for (const key of KEYS) {
    const inherited = level.parents.map((parent) => values[parent]?.[key]?.trim()).find((text) => text);
    result[key] = inherited || DEFAULT_WORDING[key];
  }
  return result;
}

const sameWording = (a: Wording, b: Wording) => KEYS.every((key) => a[key].trim() === b[key].trim());

/** The levels whose wording differs from what is stored: the update body (other levels keep theirs). */
export function changedLevels(
  values: Readonly<Record<string, Wording>>,
  overrides: ComplianceOverrides | undefined,
): ComplianceOverrides {
  const changed: ComplianceOverrides = {};
  for (const [key, wording] of Object.entries(values)) {
    if (!sameWording(wording, storedWording(overrides, key))) {
      changed[key] = Object.fromEntries(KEYS.map((k) => [k, wording[k].trim()]));
    }
  }
  return changed;
}
