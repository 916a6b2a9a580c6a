/**
 * Compliance wording (spec 001 §4): what a classification is called in an answered questionnaire.
 * The sheet's wording wins, then the source file's, then the project's, then the product default.
 */
import type { ComplianceWording } from './schemas/project';
import type { Classification } from './schemas/question';

export type WordingKey = keyof ComplianceWording;

export const WORDING_KEYS: Record<Exclude<Classification, 'INCOMPLETE'>, WordingKey> = {
  COMPLIANT: 'compliant',
  'NON-COMPLIANT': 'nonCompliant',
  'PARTIALLY-COMPLIANT': 'partiallyCompliant',
  'NOT-APPLICABLE': 'notApplicable',
};

export const DEFAULT_WORDING: Required<ComplianceWording> = {
  compliant: 'Compliant',
  nonCompliant: 'Non-Compliant',
  partiallyCompliant: 'Partially Compliant',
  notApplicable: 'Not Applicable',
};

/** The levels that can override the wording, most specific first; any may be absent. */
export interface WordingLevels {
  sheet?: ComplianceWording;
  file?: ComplianceWording;
  project?: ComplianceWording;
}

/** The wording of one classification; an incomplete question has none (''). */
export function complianceText(classification: Classification, levels: WordingLevels = {}): string {
  if (classification === 'INCOMPLETE') return '';
  const key = WORDING_KEYS[classification];
  for (const level of [levels.sheet, levels.file, levels.project]) {
    const text = level?.[key]?.trim();
    if (text) return text;
  }
  return DEFAULT_WORDING[key];
}

const SYNONYMS: Array<[RegExp, Classification]> = [
  [/^(yes|y|true|compliant|fully compliant|met|in place|implemented)$/i, 'COMPLIANT'],
  [/^(no|n|false|non[- ]?compliant|not compliant|not met|not implemented)$/i, 'NON-COMPLIANT'],
  [
    /^(partial|partially|partly|partially compliant|partially met|in progress|planned)$/i,
    'PARTIALLY-COMPLIANT',
  ],
  [/^(n\/?a|na|not applicable|does not apply)$/i, 'NOT-APPLICABLE'],
];
const CLASSES: Classification[] = ['COMPLIANT', 'NON-COMPLIANT', 'PARTIALLY-COMPLIANT', 'NOT-APPLICABLE'];

/** The classification a compliance cell's text names: the resolved custom wording, or common words. */
export function classificationOf(
  text: string | undefined,
  levels: WordingLevels,
): Classification | undefined {
  const value = text?.trim().replace(/\.$/, '');
  if (!value) return undefined;
  const lower = value.toLowerCase();
  const custom = CLASSES.find((c) => complianceText(c, levels).toLowerCase() === lower);
  return custom ?? SYNONYMS.find(([pattern]) => pattern.test(value))?.[1];
}
