/**
 * The question list's search and filters (spec 002 §2.1, §5, §9). Pure.
 *
 * The twelve filter keys of the spec fall into four groups: response status, compliance
 * classification, assignment and mentions; a fifth group, Evidence, holds 'Evidence expired' (the
 * answer cites a library document past its expiry date). Keys of one group combine with OR
 * (Compliant or Partially Compliant),
 * the groups with AND (Incomplete and Assigned to me); no key of a group means that group does not
 * filter. The search matches the question, its reference number and its answer, ignoring case.
 */
import type { Question } from '@shared/schemas/question';
import { hasExpiredEvidence } from './evidence';

export const SEARCH_MAX = 250;

export const FILTER_GROUPS = [
  {
    group: 'status',
    label: 'Response status',
    keys: [
      { key: 'COMPLETE', label: 'Complete' },
      { key: 'IN-PROGRESS', label: 'In Progress' },
      { key: 'INCOMPLETE', label: 'Incomplete' },
    ],
  },
  {
    group: 'classification',
    label: 'Compliance',
    keys: [
      { key: 'COMPLIANT', label: 'Compliant' },
      { key: 'PARTIALLY-COMPLIANT', label: 'Partially Compliant' },
      { key: 'NON-COMPLIANT', label: 'Not Compliant' },
      { key: 'NOT-APPLICABLE', label: 'Not Applicable' },
      { key: 'NOT-SPECIFIED', label: 'Not Specified' },
    ],
  },
  {
    group: 'assignment',
    label: 'Assignment',
    keys: [
      { key: 'ASSIGNED-TO-ME', label: 'Assigned to me' },
      { key: 'ASSIGNED-TO-OTHERS', label: 'Assigned to others' },
      { key: 'UNASSIGNED', label: 'Unassigned' },
    ],
  },
  { group: 'mention', label: 'Mentions', keys: [{ key: 'MENTIONED', label: "I'm mentioned" }] },
  { group: 'evidence', label: 'Evidence', keys: [{ key: 'EVIDENCE-EXPIRED', label: 'Evidence expired' }] },
] as const;

export type FilterGroup = (typeof FILTER_GROUPS)[number]['group'];
export type FilterKey = (typeof FILTER_GROUPS)[number]['keys'][number]['key'];

export const FILTER_KEYS: readonly FilterKey[] = FILTER_GROUPS.flatMap((g) => g.keys.map((k) => k.key));
export const FILTER_LABELS = Object.fromEntries(
  FILTER_GROUPS.flatMap((g) => g.keys.map((k) => [k.key, k.label])),
) as Record<FilterKey, string>;
const GROUP_OF = Object.fromEntries(
  FILTER_GROUPS.flatMap((g) => g.keys.map((k) => [k.key, g.group])),
) as Record<FilterKey, FilterGroup>;

/** The query parameters that preload filters: `status` (the dashboard's tiles) and `filter`. */
export const FILTER_PARAMS = ['status', 'filter'] as const;

/**
 * The filter keys a query string preloads: comma-separated keys in `status` (what the project
 * dashboard's tiles send, e.g. ?status=NON-COMPLIANT or ?status=unassigned) or `filter`, in any
 * case; unknown keys are ignored. Returned in menu order, without duplicates.
 */
export function parseFilterParams(search: URLSearchParams): FilterKey[] {
  const wanted = new Set(
    FILTER_PARAMS.flatMap((name) => search.getAll(name))
      .flatMap((value) => value.split(','))
      .map((key) => key.trim().toUpperCase()),
  );
  return FILTER_KEYS.filter((key) => wanted.has(key));
}

/** The query string for a set of filters (other parameters kept; none when no filter is on). */
export function withFilterParams(search: URLSearchParams, keys: readonly FilterKey[]): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) next.delete(name);
  const ordered = FILTER_KEYS.filter((key) => keys.includes(key));
  if (ordered.length > 0) next.set('status', ordered.join(','));
  return next;
}

function matchesKey(question: Question, key: FilterKey, userId: string | undefined): boolean {
  switch (key) {
    case 'COMPLETE':
    case 'IN-PROGRESS':
    case 'INCOMPLETE':
      return question.responseStatus === key;
    case 'COMPLIANT':
    case 'PARTIALLY-COMPLIANT':
    case 'NON-COMPLIANT':
    case 'NOT-APPLICABLE':
      return question.responseClassification === key;
    case 'NOT-SPECIFIED':
      return question.responseClassification === 'INCOMPLETE';
    case 'ASSIGNED-TO-ME':
      return userId !== undefined && question.assignedToUserId === userId;
    case 'ASSIGNED-TO-OTHERS':
      return question.assignedToUserId !== undefined && question.assignedToUserId !== userId;
    case 'UNASSIGNED':
      return question.assignedToUserId === undefined;
    case 'MENTIONED':
      return question.loggedInUserMentioned === true;
    case 'EVIDENCE-EXPIRED':
      return hasExpiredEvidence(question);
  }
}

/** The search as compared: trimmed, lower case, at most 250 characters. */
export const normaliseSearch = (search: string) => search.slice(0, SEARCH_MAX).trim().toLowerCase();

export function matchesSearch(question: Question, needle: string): boolean {
  if (!needle) return true;
  return (
    question.question.toLowerCase().includes(needle) ||
    (question.referenceNumber?.toLowerCase().includes(needle) ?? false) ||
    question.answer.toLowerCase().includes(needle)
  );
}

export interface ListFilter {
  search: string;
  keys: readonly FilterKey[];
  /** The signed-in user (Assigned to me / to others). */
  userId: string | undefined;
}

/** The questions the search and filters keep, in their order. */
export function filterQuestions(
  questions: readonly Question[],
  { search, keys, userId }: ListFilter,
): Question[] {
  const needle = normaliseSearch(search);
  const groups = new Map<FilterGroup, FilterKey[]>();
  for (const key of keys) groups.set(GROUP_OF[key], [...(groups.get(GROUP_OF[key]) ?? []), key]);
  if (!needle && groups.size === 0) return questions.slice();
  const sets = [...groups.values()];
  return questions.filter(
    (q) => sets.every((set) => set.some((key) => matchesKey(q, key, userId))) && matchesSearch(q, needle),
  );
}

/** The count bar: '37 of 120 questions' (or '120 questions' when nothing filters). */
export function countLabel(shown: number, total: number, filtered: boolean): string {
  const noun = total === 1 ? 'question' : 'questions';
  return filtered
    ? `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} ${noun}`
    : `${total.toLocaleString('en')} ${noun}`;
}

/** The completion badge: 'Completed' when every question is complete, else the rounded percent. */
export function completionLabel(questions: readonly Question[]): string {
  if (questions.length === 0) return '0% complete';
  const done = questions.filter((q) => q.responseStatus === 'COMPLETE').length;
  if (done === questions.length) return 'Completed';
  return `${Math.floor((done / questions.length) * 100)}% complete`;
}
