/**
 * Question detection in a Word questionnaire, offered when its configuration is first opened:
 *
 * - question tables: a header row with a question column (Question, Control, Requirement…) and an
 *   answer column (Answer, Response…): every body row's question cell is a QUESTION and the same
 *   row's answer cell its ANSWER (and a compliance column its COMPLIANCE);
 * - paragraphs that ask (ending in '?', or 'Describe…', 'Do you…') outside tables, each with the
 *   empty paragraph after it as its ANSWER when there is one.
 */
import type { Annotation, DocumentContent, DocumentNode } from '../../../shared/schemas/source';
import { looksLikeQuestion, titleType } from './detect';
import { withoutAnswerLabel } from './typed-text';

/** Longer paragraphs are instructions or prose, not questions. */
const MAX_QUESTION_LENGTH = 600;
/** Instructions about the form itself, not questions to answer. */
const INSTRUCTION =
  /\b(columns?|below|above|this (questionnaire|document|form|section)|each (question|control))\b/i;
/** Where to ask for help with the form ("Questions? Contact …"), not a question to answer. */
const HELP_LINE =
  /^(any )?(questions|queries)\b|^(need help|for (help|questions|queries|assistance))\b|\b(please contact|contact us|get in touch|reach out to)\b/i;

const annotation = (
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
    }
    for (const node of doc.nodes) if (node.nodeId.startsWith(`${table.nodeId}.`)) inTables.add(node.nodeId);
  }
  return out;
}

export function detectDocumentQuestions(doc: DocumentContent): Annotation[] {
  const inTables = new Set<string>();
  const found = tableQuestions(doc, inTables);
  const body = doc.nodes.filter((n) => n.kind === 'paragraph' && !n.parentNodeId);
  body.forEach((node, i) => {
    const text = node.text.trim();
    if (
      !looksLikeQuestion(text) ||
      text.length > MAX_QUESTION_LENGTH ||
      INSTRUCTION.test(text) ||
      HELP_LINE.test(text)
    )
      return;
    if (
      !text.endsWith('?') &&
      !node.numbering &&
      !/^(describe|explain|provide|list|state|confirm|indicate)\b/i.test(text)
    )
      return;
    found.push(annotation(node, 'QUESTION'));
    // The answer place: the empty paragraph after the question, or after its label ("Answer:"),
    // or the label itself when nothing empty follows it (its label is never taken as the answer).
    const next = body[i + 1];
    if (next && !next.text.trim()) found.push(annotation(next, 'ANSWER', node.nodeId));
    else if (next && withoutAnswerLabel(next.text) === '') {
      const after = body[i + 2];
      found.push(annotation(after && !after.text.trim() ? after : next, 'ANSWER', node.nodeId));
    }
  });
  const order = new Map(doc.nodes.map((n, i) => [n.nodeId, i]));
  return found.sort((a, b) => (order.get(a.nodeId) ?? 0) - (order.get(b.nodeId) ?? 0));
}
