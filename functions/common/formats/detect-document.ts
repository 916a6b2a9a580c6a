/**
 * Question detection in a Word questionnaire, offered when its configuration is first opened:
 *
 * - question tables: a header row with a question column (Question, Control, Requirement…) and an
 *   answer column (Answer, Response…): every body row's question cell is a QUESTION and the same
 *   row's answer cell its ANSWER (and a compliance column its COMPLIANCE, a reference column its
 *   REFERENCE);
 * - paragraphs that ask (ending in '?', or 'Describe…', 'Do you…') outside tables, each with its
 *   answer place: the empty paragraph or one-cell box after it, the place after its label
 *   ("Answer:"), or a label with the answer already typed after it ("Answer: Yes, yearly.");
 *   boxes to tick ("☐ Yes ☐ No") after it are its COMPLIANCE. A numbered lead-in whose
 *   sub-items follow it is not a question; where questions are numbered, an unnumbered line with
 *   no place for an answer is not one either.
 */
import type { Annotation, DocumentContent, DocumentNode } from '../../../shared/schemas/source';
import { looksLikeQuestion, titleType } from './detect';
import { documentOutline } from './document-outline';
import { answerLabelLength, checkboxOptions, withoutAnswerLabel } from './typed-text';

/** Longer paragraphs are instructions or prose, not questions. */
const MAX_QUESTION_LENGTH = 600;
/** Instructions about the form itself, not questions to answer. */
const INSTRUCTION =
  /\b(columns?|below|above|this (questionnaire|document|form|section)|each (question|control))\b/i;
/** Where to ask for help with the form ("Questions? Contact …"), not a question to answer. */
const HELP_LINE =
  /^(any )?(questions|queries)\b|^(need help|for (help|questions|queries|assistance))\b|\b(please contact|contact us|get in touch|reach out to)\b/i;

/** A node of the document as an annotation of the given type (a question's part names its question). */
export const annotation = (
  node: DocumentNode,
  annotationType: Annotation['annotationType'],
  parentNodeId?: string,
): Annotation => ({
  nodeId: node.nodeId,
  annotationType,
  ...(parentNodeId ? { parentNodeId } : {}),
  inTable: node.kind === 'cell',
  ...(node.rowNodeId ? { rowNodeId: node.rowNodeId } : {}),
  hasContent: node.text.trim().length > 0,
  text: node.text,
});

function tableQuestions(doc: DocumentContent, inTables: Set<string>): Annotation[] {
  const out: Annotation[] = [];
  const cellsOfRow = new Map<string, DocumentNode[]>();
  for (const node of doc.nodes) {
    if (node.kind === 'cell' && node.rowNodeId)
      cellsOfRow.set(node.rowNodeId, [...(cellsOfRow.get(node.rowNodeId) ?? []), node]);
  }
  for (const table of doc.nodes.filter((n) => n.kind === 'table')) {
    const rows = doc.nodes.filter((n) => n.kind === 'row' && n.parentNodeId === table.nodeId);
    if (rows.length < 2) continue;
    const header = cellsOfRow.get(rows[0].nodeId) ?? [];
    const columnOf = (type: string) => header.find((c) => titleType(c.text) === type)?.columnNumber;
    const question = columnOf('QUESTION');
    const answer = columnOf('ANSWER');
    if (!question || !answer) continue;
    const compliance = columnOf('COMPLIANCE_STATUS');
    const reference = columnOf('REFERENCE_NUMBER');
    for (const row of rows.slice(1)) {
      const cells = cellsOfRow.get(row.nodeId) ?? [];
      const cell = (n?: number) => cells.find((c) => c.columnNumber === n);
      const q = cell(question);
      const a = cell(answer);
      // A row spanning the table (a section title) has no answer cell of its own.
      if (!q || !a || q.text.trim().length < 5) continue;
      out.push(annotation(q, 'QUESTION'));
      out.push(annotation(a, 'ANSWER', q.nodeId));
      const c = cell(compliance);
      if (c) out.push(annotation(c, 'COMPLIANCE', q.nodeId));
      const r = reference === question ? undefined : cell(reference);
      if (r?.text.trim()) out.push(annotation(r, 'REFERENCE', q.nodeId));
    }
    for (const node of doc.nodes) if (node.nodeId.startsWith(`${table.nodeId}.`)) inTables.add(node.nodeId);
  }
  return out;
}

/** A place left for the answer: nothing, or only a line to write on ("_____", "……"). */
const EMPTY_PLACE = /^[\s_.…]*$/;

const isEmptyPlace = (node: DocumentNode | undefined) =>
  node?.kind === 'paragraph' && !node.headingLevel && EMPTY_PLACE.test(node.text);
const isLabel = (node: DocumentNode | undefined) =>
  node?.kind === 'paragraph' &&
  !node.headingLevel &&
  node.text.trim() !== '' &&
  EMPTY_PLACE.test(withoutAnswerLabel(node.text));
/** A label with the answer already typed after it ("Answer: We encrypt all data at rest."). */
const isLabelledAnswer = (node: DocumentNode | undefined) =>
  node?.kind === 'paragraph' && !node.headingLevel && answerLabelLength(node.text) > 0;
const isCheckboxes = (node: DocumentNode | undefined) =>
  node?.kind === 'paragraph' && checkboxOptions(withoutAnswerLabel(node.text)).length > 0;

/**
 * A box drawn for the answer right after a question: a table of one cell, or of one row with an
 * answer label ("Response:") in the first cell and the box in the second.
 */
function answerBox(table: DocumentNode | undefined, under: Map<string, DocumentNode[]>) {
  if (table?.kind !== 'table') return undefined;
  const rows = under.get(table.nodeId) ?? [];
  if (rows.length !== 1) return undefined;
  const cells = (under.get(rows[0].nodeId) ?? []).filter((n) => n.kind === 'cell');
  if (cells.length === 1) return cells[0];
  if (cells.length === 2 && isLabel({ ...cells[0], kind: 'paragraph' })) return cells[1];
  return undefined;
}

/** What follows a question for its answers: checkboxes, then an empty place, a box or a label. */
function answerPlaces(top: DocumentNode[], i: number, under: Map<string, DocumentNode[]>) {
  let j = i + 1;
  const checkboxes = isCheckboxes(top[j]) ? top[j++] : undefined;
  const next = top[j];
  let answer: DocumentNode | undefined;
  if (isEmptyPlace(next)) answer = next;
  else if (next?.kind === 'table') answer = answerBox(next, under);
  else if (isLabel(next)) {
    const after = top[j + 1];
    answer = isEmptyPlace(after) ? after : (answerBox(after, under) ?? next);
  } else if (isLabelledAnswer(next)) answer = next;
  // Boxes to tick and nowhere to write: the boxes are the answer place too.
  return { answer: answer ?? checkboxes, compliance: checkboxes };
}

export function detectDocumentQuestions(doc: DocumentContent): Annotation[] {
  const inTables = new Set<string>();
  const found = tableQuestions(doc, inTables);
  const outline = documentOutline(doc.nodes);
  const under = new Map<string, DocumentNode[]>();
  for (const node of doc.nodes) {
    if (!node.parentNodeId) continue;
    const siblings = under.get(node.parentNodeId);
    if (siblings) siblings.push(node);
    else under.set(node.parentNodeId, [node]);
  }
  const top = doc.nodes.filter((n) => !n.parentNodeId && (n.kind === 'paragraph' || n.kind === 'table'));
  const numberOf = (node: DocumentNode | undefined) =>
    node?.kind === 'paragraph' ? outline.get(node.nodeId)?.reference : undefined;
  const all: Array<{
    node: DocumentNode;
    index: number;
    reference?: string;
    leadIn: boolean;
    placed: boolean;
  }> = [];
  top.forEach((node, i) => {
    if (node.kind !== 'paragraph' || node.headingLevel) return;
    const text = node.text.trim();
    if (
      !looksLikeQuestion(text) ||
      text.length > MAX_QUESTION_LENGTH ||
      INSTRUCTION.test(text) ||
      HELP_LINE.test(text)
    )
      return;
    const reference = numberOf(node);
    if (
      !text.endsWith('?') &&
      !reference &&
      !/^(describe|explain|provide|list|state|confirm|indicate)\b/i.test(text)
    )
      return;
    const places = answerPlaces(top, i, under);
    // A numbered lead-in ("3. Describe the following:") whose sub-items (3.a, 3.b) follow it may
    // be their parent rather than a question (a numbered question with its own answer place before
    // its sub-questions stays one).
    const following = top.slice(i + 1).find((n) => numberOf(n));
    const leadIn =
      Boolean(reference) &&
      (!places.answer || text.endsWith(':')) &&
      Boolean(numberOf(following)?.startsWith(`${reference}.`));
    all.push({ node, index: i, reference, leadIn, placed: Boolean(places.answer) });
  });
  // A lead-in is left out when its sub-items are questions (it is kept when they are only words).
  const parents = new Set<string>();
  for (const { reference } of all) {
    const parts = reference?.split('.') ?? [];
    for (let k = 1; k < parts.length; k++) parents.add(parts.slice(0, k).join('.'));
  }
  const candidates = all.filter((c) => !c.leadIn || !parents.has(c.reference ?? ''));
  // Where the questions are numbered, an unnumbered line that asks and has no place for an answer
  // is the form talking ("Not sure which applies?"), not a question.
  const numbered = candidates.filter((c) => c.reference).length;
  const questions =
    numbered >= 3 && numbered * 2 >= candidates.length
      ? candidates.filter((c) => c.reference || c.placed)
      : candidates;
  for (const { node, index } of questions) {
    found.push(annotation(node, 'QUESTION'));
    const { answer, compliance } = answerPlaces(top, index, under);
    if (answer) found.push(annotation(answer, 'ANSWER', node.nodeId));
    if (compliance) found.push(annotation(compliance, 'COMPLIANCE', node.nodeId));
  }
  const order = new Map(doc.nodes.map((n, i) => [n.nodeId, i]));
  return found.sort((a, b) => (order.get(a.nodeId) ?? 0) - (order.get(b.nodeId) ?? 0));
}
