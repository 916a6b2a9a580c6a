/**
 * Question numbers typed into a Word questionnaire's text (the configuration takes them out of
 * the question and keeps them as its reference). Apart from the detection, so configuring a
 * document does not bundle it.
 */

/**
 * A question number typed at the start of its text (not Word's automatic numbering, which the
 * reader gives as the node's `numbering`): dotted numbers (1.2, 1.2.3.), a number with a dot or
 * parenthesis (3. or 3)), a letter-prefixed id (B.1, IAM-08, A.1.2; Q4: or A1. with its stop), a
 * sub-item letter (a. b) (c)). A bare number or a word with digits followed by a word ("10
 * employees…", "AES256 keys…", "ISO27001 certified?") is text, not a number.
 */
const TYPED_NUMBER =
  /^\s*(\d+(?:\.\d+)+\.?|\d+[.)]|[A-Z]{1,4}[.-]\d+(?:[.-]\d+)*[.):]?|[A-Z]\d+(?:\.\d+)*[.):]|\(?[a-z]\)|[a-z]\.)\s+(?=\S)/;

/** The typed number at the start of a question's text, and the text without it. */
export function splitTypedNumber(text: string): { reference?: string; text: string } {
  const match = TYPED_NUMBER.exec(text);
  if (!match) return { text };
  return { reference: match[1].replace(/[.):]$/, '').replace(/^\(/, ''), text: text.slice(match[0].length) };
}
