/**
 * A question's answer history (beyond the spec): every saved change of the HISTORY_FIELDS is kept
 * as one immutable CHANGE entry of the question's activity (functions/common/entities/
 * question-activity.ts), written from the table's stream with an id derived from the change, so a
 * redelivered record rewrites the same entry. Pure logic here; the reactions write, the service reads.
 */
import type { FieldChange, HistoryEntry } from '../../shared/schemas/question';
import { type Classification, HISTORY_FIELDS, type HistoryField } from '../../shared/schemas/values';
import { activityIdOf, type QuestionActivityItem, type QuestionItem } from '../common/entities';
import { changeDescription } from './descriptions';

type Image = Partial<QuestionItem>;

/** What a question holds before anyone touched it (an INSERT is compared with this). */
const PRISTINE: Image = {
  answer: '',
  responseStatus: 'INCOMPLETE',
  responseClassification: 'INCOMPLETE',
  includeInLibrary: false,
};

/** A field's value as history keeps it: absent when empty (no answer, no assignee). */
const historyValue = (image: Image, field: HistoryField): string | boolean | undefined => {
  const value = image[field];
  return value === undefined || value === null || value === '' ? undefined : (value as string | boolean);
};

/** The HISTORY_FIELDS that differ between two images, with their values before and after. */
export function fieldChanges(before: Image | undefined, after: Image): FieldChange[] {
  const old = before ?? PRISTINE;
  return HISTORY_FIELDS.flatMap((field) => {
    const [was, now] = [historyValue(old, field), historyValue(after, field)];
    if (was === now) return [];
    const change: FieldChange = { field };
    if (was !== undefined) change.before = was;
    if (now !== undefined) change.after = now;
    return [change];
  });
}

const isCounted = (image: Image | undefined) =>
  Boolean(image) && image?.isLinked !== false && !image?.deletedAt;

/**
 * The history entry of one change of a question, or null when it changed nothing history follows
 * (a re-import of the text, a save of the same values, a blank imported row, a change to a question
 * already gone). A question added by hand starts its history with an 'added' entry.
 */
export function historyEntryOf(
  before: Image | undefined,
  after: Image | undefined,
): QuestionActivityItem | null {
  if (!after?.teamId || !after.projectId || !after.questionId || !after.updatedAt) return null;
  if (before && !isCounted(before)) return null;
  const deleted = Boolean(before && !before.deletedAt && after.deletedAt);
  const unlinked = Boolean(before && before.isLinked !== false && after.isLinked === false);
  const changes = fieldChanges(before, after);
  // A blank imported row (thousands of them in one import) is no change of anything history follows.
  if (!before && after.creationType !== 'MANUAL' && !changes.length) return null;
  if (before && !changes.length && !deleted && !unlinked) return null;
  const version = after.version ?? 1;
  const userId = after.updatedByUserId ?? after.createdByUserId;
  return {
    teamId: after.teamId,
    projectId: after.projectId,
    questionId: after.questionId,
    activityId: activityIdOf(after.updatedAt, `v${version}`),
    kind: 'CHANGE',
    activityDescription: changeDescription({ userId, changes, added: !before, deleted, unlinked }),
    createdByUserId: userId,
    changes,
    version,
    updatedAt: after.updatedAt,
  };
}

export const byVersion = (a: { version?: number }, b: { version?: number }) =>
  (a.version ?? 0) - (b.version ?? 0);

export function toHistoryEntry(item: QuestionActivityItem): HistoryEntry {
  return {
    activityId: item.activityId,
    questionId: item.questionId,
    version: item.version ?? 0,
    createdByUserId: item.createdByUserId,
    updatedAt: item.updatedAt,
    changes: (item.changes as FieldChange[] | undefined) ?? [],
  };
}

/** The fields a restore brings back. */
export interface RestoredAnswer {
  answer?: string;
  responseClassification?: Classification;
  includeInLibrary?: boolean;
}
const RESTORED = ['answer', 'responseClassification', 'includeInLibrary'] as const;
const EMPTY: Required<RestoredAnswer> = {
  answer: '',
  responseClassification: 'INCOMPLETE',
  includeInLibrary: false,
};

/**
 * The answer, classification and library flag as they were once the entry at `index` was saved
 * (entries oldest first): each field's latest value at or before it, or, when it changed only
 * later, its value before that later change. A field history never saw is left out (unchanged).
 */
export function valuesAsOf(entries: Array<{ changes?: unknown }>, index: number): RestoredAnswer {
  const changesOf = (i: number) => (entries[i].changes as FieldChange[] | undefined) ?? [];
  const values: RestoredAnswer = {};
  for (const field of RESTORED) {
    let found: { value: string | boolean | undefined } | undefined;
    for (let i = index; i >= 0 && !found; i--) {
      const change = changesOf(i).find((c) => c.field === field);
      if (change) found = { value: change.after };
    }
    for (let i = index + 1; i < entries.length && !found; i++) {
      const change = changesOf(i).find((c) => c.field === field);
      if (change) found = { value: change.before };
    }
    if (found) (values as Record<string, unknown>)[field] = found.value ?? EMPTY[field];
  }
  return values;
}
