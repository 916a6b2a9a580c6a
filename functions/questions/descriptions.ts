/**
 * The sentence a question's activity feed shows for one saved change, with {user:ID} member markers
 * the screen turns into (truncated) names: '{user:A} assigned this question to {user:B}'.
 */
import { DEFAULT_WORDING, WORDING_KEYS } from '../../shared/compliance';
import type { Classification, FieldChange, ResponseStatus } from '../../shared/schemas/question';

export const userMarker = (userId: string | undefined) => (userId ? `{user:${userId}}` : 'Someone');

const STATUS_TEXT: Record<ResponseStatus, string> = {
  INCOMPLETE: 'Incomplete',
  'IN-PROGRESS': 'In Progress',
  COMPLETE: 'Complete',
};

const classificationText = (c: Classification) =>
  c === 'INCOMPLETE' ? 'Incomplete' : DEFAULT_WORDING[WORDING_KEYS[c]];

/** 'a', 'a and b', 'a, b and c'. */
const sentence = (parts: string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

export interface DescribedChange {
  /** Who saved it (absent: someone outside the team, an import without a user). */
  userId?: string;
  changes: FieldChange[];
  /** The question was created by this change. */
  added?: boolean;
  deleted?: boolean;
  unlinked?: boolean;
}

export function changeDescription({ userId, changes, added, deleted, unlinked }: DescribedChange): string {
  const who = userMarker(userId);
  if (added) return `${who} added this question`;
  if (deleted) return `${who} deleted this question`;
  if (unlinked) return `${who} marked this as not a question`;
  const of = (field: FieldChange['field']) => changes.find((c) => c.field === field);
  const parts: string[] = [];
  const answer = of('answer');
  const classification = of('responseClassification');
  const cleared =
    answer && answer.after === undefined && (!classification || classification.after === 'INCOMPLETE');
  if (cleared) {
    parts.push('cleared the response');
  } else {
    if (answer) {
      if (answer.before === undefined) parts.push('answered this question');
      else if (answer.after === undefined) parts.push('cleared the answer');
      else parts.push('changed the answer');
    }
    if (classification) {
      parts.push(
        classification.after === 'INCOMPLETE' || classification.after === undefined
          ? 'removed the classification'
          : `classified this question as ${classificationText(classification.after as Classification)}`,
      );
    }
    const library = of('includeInLibrary');
    if (library) {
      parts.push(
        library.after ? 'included the answer in the library' : 'removed the answer from the library',
      );
    }
    const status = of('responseStatus');
    // Answering moves a question in progress by itself: say so only when nothing else was said.
    if (status && (status.after !== 'IN-PROGRESS' || !parts.length)) {
      parts.push(`marked this question ${STATUS_TEXT[(status.after as ResponseStatus) ?? 'INCOMPLETE']}`);
    }
  }
  const assignee = of('assignedToUserId');
  if (assignee) {
    parts.push(
      assignee.after
        ? `assigned this question to ${userMarker(String(assignee.after))}`
        : 'unassigned this question',
    );
  }
  return `${who} ${sentence(parts) || 'changed this question'}`;
}
