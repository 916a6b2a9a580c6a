/** A cell folds to this many lines behind Show more. */
export const FOLD_LINES = 3;
/** About three lines of the Question and the Answer columns at a usual width. */
export const FOLD_QUESTION_CHARACTERS = 120;
export const FOLD_ANSWER_CHARACTERS = 150;

/** Whether a question or answer is long enough to fold: more characters, or more lines, than fit. */
export function isLongText(text: string, characters: number): boolean {
  if (text.length > characters) return true;
  return text.split(/\r?\n/).length > FOLD_LINES;
}
