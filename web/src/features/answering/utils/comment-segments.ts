/**
 * The comment composer's text and the segments a comment is made of (spec 002 §3, §5). The composer
 * holds plain text in which a mention reads '@Full Name'; on sending, every '@Full Name' of a
 * project member becomes a MEMBER segment carrying the member's userId, so no mention markup is ever
 * in the sent text.
 */
import type { CommentSegment } from '@shared/schemas/discussion';

export interface MentionCandidate {
  userId: string;
  fullName: string;
}

/** Characters that may continue a word: a name only matches when one of these does not follow. */
const WORD = /[\p{L}\p{N}_]/u;

/**
 * The composer text as segments: TEXT runs and MEMBER mentions. `picked` (mentions chosen in the
 * picker) win over other members of the same name; among names, the longest match wins (so
 * '@Ann Lee-Smith' is not read as '@Ann Lee'). The text is trimmed at both ends; empty text gives
 * no segments.
 */
export function toSegments(
  text: string,
  members: readonly MentionCandidate[],
  picked: readonly MentionCandidate[] = [],
): CommentSegment[] {
  const source = text.trim();
  const byName = new Map<string, string>();
  for (const m of [...members].reverse()) if (m.fullName.trim()) byName.set(m.fullName, m.userId);
  for (const m of [...picked].reverse()) if (m.fullName.trim()) byName.set(m.fullName, m.userId);
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);

  const segments: CommentSegment[] = [];
  let run = '';
  let i = 0;
  while (i < source.length) {
    const atWordStart = i === 0 || !WORD.test(source[i - 1] ?? '');
    if (source[i] === '@' && atWordStart) {
      const name = names.find(
        (n) => source.startsWith(n, i + 1) && !WORD.test(source[i + 1 + n.length] ?? ''),
      );
      if (name) {
        if (run) segments.push({ type: 'TEXT', content: run });
        run = '';
        segments.push({ type: 'MEMBER', content: byName.get(name) as string });
        i += 1 + name.length;
        continue;
      }
    }
    run += source[i];
    i += 1;
  }
  if (run) segments.push({ type: 'TEXT', content: run });
  return segments;
}

/** Whether the segments say anything (a mention counts; whitespace alone does not). */
export const hasContent = (segments: readonly CommentSegment[]) =>
  segments.some((s) => s.type === 'MEMBER' || s.content.trim() !== '');

/**
 * The mention being typed at the caret: the text after an '@' that starts a word, up to the caret
 * (no line break, at most 40 characters). Null when the caret is not in a mention.
 */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && WORD.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /[\n\r@]/.test(query) || query.startsWith(' ')) return null;
  return { start: at, query };
}

/** Members whose name (or any word of it) starts with the query, case-insensitive, in list order. */
export function filterMembers<T extends MentionCandidate>(members: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...members];
  return members.filter((m) => {
    const name = m.fullName.toLowerCase();
    return (
      name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q)) || name.includes(` ${q}`)
    );
  });
}

/** The text with the mention at `start` (up to `caret`) replaced by '@Full Name ', and the new caret. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  fullName: string,
): { text: string; caret: number } {
  const mention = `@${fullName} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + mention + after, caret: start + mention.length };
}
