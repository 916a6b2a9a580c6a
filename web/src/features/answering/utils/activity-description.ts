import { ACTIVITY_NAME_MAX } from '@shared/schemas/discussion';

export const FORMER_MEMBER = 'A former member';

/** A member name for the activity feed: at most 30 characters (27 plus an ellipsis). */
export function truncateName(name: string, max: number = ACTIVITY_NAME_MAX): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}…` : name;
}

export type ActivityPart = { type: 'text'; text: string } | { type: 'member'; userId: string; name: string };

const MARKER = /\{user:([^{}\s]+)\}/g;

/**
 * An activity description as parts: text, and members where it holds {user:ID} markers, named
 * from `names` (userId → full name), truncated, or 'A former member' when the id is unknown.
 */
export function activityParts(description: string, names: ReadonlyMap<string, string>): ActivityPart[] {
  const parts: ActivityPart[] = [];
  let last = 0;
  for (const match of description.matchAll(MARKER)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ type: 'text', text: description.slice(last, index) });
    const userId = match[1] as string;
    const name = names.get(userId);
    parts.push({ type: 'member', userId, name: name ? truncateName(name) : FORMER_MEMBER });
    last = index + match[0].length;
  }
  if (last < description.length) parts.push({ type: 'text', text: description.slice(last) });
  return parts;
}

/** The description as plain text with the markers replaced by names. */
export const activityText = (description: string, names: ReadonlyMap<string, string>) =>
  activityParts(description, names)
    .map((p) => (p.type === 'text' ? p.text : p.name))
    .join('');
