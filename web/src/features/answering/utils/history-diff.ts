/**
 * Answer history (beyond the spec): a readable word diff of two answers and the labels of the
 * values each change names.
 */
import type { FieldChange, HistoryEntry } from '@shared/schemas/question';
import { CLASSIFICATION_LABELS, STATUS_LABELS } from './answer-editor';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * Words with the whitespace that follows them (and any leading whitespace on its own), so the
 * joined parts give back each text exactly and a removed word keeps its space apart from an added one.
 */
const tokens = (text: string) => text.match(/^\s+|\S+\s*/g) ?? [];

/** Above this many token pairs the diff shows a plain replacement rather than spend the time. */
const MAX_CELLS = 4_000_000;

/** Joins neighbours of a kind; in each changed stretch, everything removed reads before everything added. */
function merge(parts: DiffPart[]): DiffPart[] {
  const ordered: DiffPart[] = [];
  let removed: DiffPart[] = [];
  let added: DiffPart[] = [];
  const flush = () => {
    ordered.push(...removed, ...added);
    removed = [];
    added = [];
  };
  for (const part of parts) {
    if (part.kind === 'removed') removed.push(part);
    else if (part.kind === 'added') added.push(part);
    else {
      flush();
      ordered.push(part);
    }
  }
  flush();
  const merged: DiffPart[] = [];
  for (const part of ordered) {
    const last = merged.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else if (part.text) merged.push({ ...part });
  }
  return merged;
}

/** A word-level diff (longest common subsequence): removed words of `before`, added words of `after`. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS) {
    return merge([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i] });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      parts.push({ kind: 'removed', text: a[i++] });
    } else {
      parts.push({ kind: 'added', text: b[j++] });
    }
  }
  while (i < a.length) parts.push({ kind: 'removed', text: a[i++] });
  while (j < b.length) parts.push({ kind: 'added', text: b[j++] });
  return merge(parts);
}

export const FIELD_LABELS: Record<FieldChange['field'], string> = {
  answer: 'Answer',
  responseClassification: 'Classification',
  includeInLibrary: 'Include in Library',
  responseStatus: 'Status',
  assignedToUserId: 'Assignee',
};

/** How a field's value reads in the history; `nameOf` turns a user id into a name. */
export function valueLabel(
  change: Pick<FieldChange, 'field'>,
  value: FieldChange['before'],
  nameOf: (userId: string) => string,
): string {
  switch (change.field) {
    case 'responseClassification':
      return (
        CLASSIFICATION_LABELS[value as keyof typeof CLASSIFICATION_LABELS] ?? String(value ?? 'Not Specified')
      );
    case 'responseStatus':
      return STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? String(value ?? '');
    case 'includeInLibrary':
      return value === true ? 'Yes' : 'No';
    case 'assignedToUserId':
      return typeof value === 'string' && value ? nameOf(value) : 'Unassigned';
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** An entry can be restored when it saved an answer, a classification or the library flag. */
export const isRestorable = (entry: Pick<HistoryEntry, 'changes'>) =>
  entry.changes.some(
    (c) => c.field === 'answer' || c.field === 'responseClassification' || c.field === 'includeInLibrary',
  );
