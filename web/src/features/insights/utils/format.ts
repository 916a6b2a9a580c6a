/**
 * How Insights shows a result (spec 002 §2.4, §9): the classification badges, the Answered On
 * date, the line under the table, and the filter dropdowns' choices.
 */
import { INSIGHTS_MESSAGES } from '@shared/schemas/insights';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { ALL_INDUSTRIES, ALL_PROJECTS, type InsightClassification } from './filters';

dayjs.extend(advancedFormat);

export { CLASSIFICATION_COLORS, CLASSIFICATION_LABELS } from '@/components/classification-badge';

/** The Compliance Status checkboxes' labels. */
export const COMPLIANCE_CHECKBOX_LABELS: Record<InsightClassification, string> = {
  COMPLIANT: 'Compliant',
  'NON-COMPLIANT': 'Not compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
};

/** Answered On: 'Do MMM YYYY' in local time, e.g. '5th Mar 2026' ('' when unreadable). */
export function formatAnsweredOn(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('Do MMM YYYY') : '';
}

/** The filter pickers' display format (spec 002 §2.4). */
export const PICKER_FORMAT = 'DD MMMM YYYY';

/** The line under the table: '{n} questions found.', or the cap's message once capped. */
export function resultSummary(count: number, capped: boolean): string {
  return capped ? INSIGHTS_MESSAGES.capped : INSIGHTS_MESSAGES.found(count);
}

export interface Option {
  value: string;
  label: string;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

/** The Project dropdown: 'All Projects' first, then the projects by name. */
export function projectOptions(projects: readonly { projectId: string; name: string }[]): Option[] {
  const seen = new Set<string>();
  const options: Option[] = [];
  for (const p of projects) {
    if (seen.has(p.projectId) || p.projectId === ALL_PROJECTS) continue;
    seen.add(p.projectId);
    options.push({ value: p.projectId, label: p.name.trim() || 'Untitled project' });
  }
  return [{ value: ALL_PROJECTS, label: 'All Projects' }, ...options.sort(byLabel)];
}

/** The Industry dropdown: 'All Industries' first, then each industry once, by name. */
export function industryOptions(industries: readonly { industryVertical: string }[]): Option[] {
  const names = new Set(industries.map((i) => i.industryVertical.trim()).filter(Boolean));
  names.delete(ALL_INDUSTRIES);
  const options = [...names].map((name) => ({ value: name, label: name })).sort(byLabel);
  return [{ value: ALL_INDUSTRIES, label: 'All Industries' }, ...options];
}

/** A person column: the name, or a dash when nobody is recorded. */
export const personOrDash = (name: string | null | undefined) => name?.trim() || '—';
