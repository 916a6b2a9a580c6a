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
  const length = answerLabelLength(text);
  return length ? text.slice(length).trim() : text;
}

/**
 * How many characters the answer label at the start of a text takes, with the spaces after it ("Answer: "
 * in "Answer: Yes."); 0 when the text starts with none.
 */
export function answerLabelLength(text: string): number {
  const match = ANSWER_LABEL.exec(text);
  if (!match) return 0;
  const rest = text.slice(match[0].length);
  // A label ends the text or is followed by its colon or dash; otherwise the word is the answer's own.
  return rest === '' || /[:\-–]\s*$/.test(match[0]) ? match[0].length : 0;
}

/** Boxes a form draws before its options: empty, and ticked or crossed. */
export const EMPTY_BOX = '☐';
export const MARKED_BOXES = '☒☑';
const BOX_OPTION = /([☐☒☑])\s*([^☐☒☑]*)/gu;

/**
 * The options of a checkbox answer place ("☐ Yes ☐ No ☐ N/A"), each with whether its box is
 * marked; none when the text does not start with a box or has fewer than two of them.
 */
export function checkboxOptions(text: string): Array<{ label: string; marked: boolean }> {
  if (!/^\s*[☐☒☑]/u.test(text)) return [];
  const options = Array.from(text.matchAll(BOX_OPTION), (m) => ({
    label: m[2].trim(),
    marked: m[1] !== EMPTY_BOX,
  }));
  return options.length >= 2 && options.every((o) => o.label) ? options : [];
}

/** What a checkbox place answers: its marked options' labels ('' when none is marked); other text as it is. */
export function checkedText(text: string): string {
  const options = checkboxOptions(text);
  if (!options.length) return text;
  return options
    .filter((o) => o.marked)
    .map((o) => o.label)
    .join(', ');
}

/** Compliance wordings and the box labels that mean the same choice. */
const SAME_CHOICE = new Map([
  ['compliant', 'yes'],
  ['non compliant', 'no'],
  ['not compliant', 'no'],
  ['partially compliant', 'partially'],
  ['partial', 'partially'],
  ['n a', 'not applicable'],
  ['na', 'not applicable'],
]);

const optionKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The option an answer chooses: the one whose label the answer is, or starts with ("Yes, every
 * year." chooses Yes); the longest such label wins ("Not applicable" over "No"). -1 when none.
 */
export function chosenOption(options: Array<{ label: string }>, answer: string): number {
  const typed = optionKey(answer);
  const wanted = SAME_CHOICE.get(typed) ?? typed;
  let best = -1;
  options.forEach((o, i) => {
    const label = optionKey(o.label);
    const key = SAME_CHOICE.get(label) ?? label;
    if (!key || !(wanted === key || wanted.startsWith(`${key} `) || typed.startsWith(`${label} `))) return;
    if (best < 0 || label.length > optionKey(options[best].label).length) best = i;
  });
  return best;
}

/** The answer says no more than choosing the option ("Yes", "yes.", "Compliant" for Yes). */
export function onlyChooses(label: string, answer: string): boolean {
  const key = (text: string) => {
    const k = optionKey(text);
    return SAME_CHOICE.get(k) ?? k;
  };
  return key(label) === key(answer);
}

/**
 * The answer an answer place holds, as configuration imports it: without its label, a line to
 * write on ("_____") holding none, boxes giving their marked options.
 */
export function placeAnswer(text: string): string {
  const answer = checkedText(withoutAnswerLabel(text));
  return /^[\s_.…]*$/.test(answer) ? '' : answer;
}
