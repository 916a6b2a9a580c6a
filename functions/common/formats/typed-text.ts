/**
 * What a Word questionnaire's author types around the questions and answers: a question's number
 * (the configuration takes it out of the question and keeps it as its reference) and an answer's
 * label ("Answer:", "Response:"), which is never part of the answer. Apart from the detection, so
 * configuring a document does not bundle it.
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

/** "Answer:", "Response:", "Vendor response:", "Reply" … at the start of an answer place. */
const ANSWER_LABEL =
  /^\s*(?:(?:vendor|supplier|your)\s+)?(?:answer|response|reply|comments?)\s*(?::|-|–)?\s*/i;

/**
 * The answer a place holds, without its label: "Answer:" alone holds none, "Answer: Yes, yearly."
 * holds "Yes, yearly.". A text that only starts with such a word ("Responses are logged…") is kept.
 */
export function withoutAnswerLabel(text: string): string {
  const match = ANSWER_LABEL.exec(text);
  if (!match) return text;
  const rest = text.slice(match[0].length);
  // A label ends the text or is followed by its colon or dash; otherwise the word is the answer's own.
  return rest === '' || /[:\-–]\s*$/.test(match[0]) ? rest.trim() : text;
}
