/**
 * The annotation rules of spec 001 §4, over the document's nodes:
 * - Mark as Question adds a QUESTION annotation; Remove deletes it and its linked children.
 * - Linking an A, C, I or R marker to the selected question replaces its link of that type.
 * - In a table, a question in a cell applies to the same column of every body row of that table
 *   (documentTableFillEnabled), each row's question getting the same-column links of the first; with
 *   autocomplete (tableFillEnabled) also in every other table with the same header row.
 * - A drop target resolves to its paragraph or cell by looking up at most ANCESTOR_SEARCH_DEPTH levels.
 */
import {
  ANCESTOR_SEARCH_DEPTH,
  ANNOTATION_MARKERS,
  type Annotation,
  type AnnotationType,
  type DocumentConfiguration,
  type DocumentNode,
} from '@shared/schemas/source';

export type Marker = keyof typeof ANNOTATION_MARKERS;

export interface DocumentIndex {
  byId: Map<string, DocumentNode>;
  /** Cells by row, in column order. */
  cellsOfRow: Map<string, DocumentNode[]>;
  /** Rows by table, in order. */
  rowsOfTable: Map<string, DocumentNode[]>;
  order: Map<string, number>;
}

export function indexNodes(nodes: DocumentNode[]): DocumentIndex {
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const cellsOfRow = new Map<string, DocumentNode[]>();
  const rowsOfTable = new Map<string, DocumentNode[]>();
  for (const n of nodes) {
    if (n.kind === 'cell' && n.rowNodeId)
      cellsOfRow.set(n.rowNodeId, [...(cellsOfRow.get(n.rowNodeId) ?? []), n]);
    if (n.kind === 'row' && n.parentNodeId)
      rowsOfTable.set(n.parentNodeId, [...(rowsOfTable.get(n.parentNodeId) ?? []), n]);
  }
  return { byId, cellsOfRow, rowsOfTable, order: new Map(nodes.map((n, i) => [n.nodeId, i])) };
}

const make = (node: DocumentNode, annotationType: AnnotationType, parentNodeId?: string): Annotation => ({
  nodeId: node.nodeId,
  annotationType,
  ...(parentNodeId ? { parentNodeId } : {}),
  inTable: node.kind === 'cell',
  ...(node.rowNodeId ? { rowNodeId: node.rowNodeId } : {}),
  hasContent: node.text.trim().length > 0,
  text: node.text,
});

const sorted = (annotations: Annotation[], index: DocumentIndex) =>
  [...annotations].sort((a, b) => (index.order.get(a.nodeId) ?? 0) - (index.order.get(b.nodeId) ?? 0));

/** The node a click or drop landed in: the element itself or an ancestor, at most `depth` levels up. */
export function findAncestor<T extends { parentElement: T | null }>(
  start: T | null,
  matches: (element: T) => boolean,
  depth = ANCESTOR_SEARCH_DEPTH,
): T | null {
  let element = start;
  for (let level = 0; element && level <= depth; level++, element = element.parentElement) {
    if (matches(element)) return element;
  }
  return null;
}

export const isQuestion = (annotations: Annotation[], nodeId: string) =>
  annotations.some((a) => a.annotationType === 'QUESTION' && a.nodeId === nodeId);

/** Removes a question with everything linked to it. */
export function removeQuestion(annotations: Annotation[], nodeId: string): Annotation[] {
  return annotations.filter((a) => a.nodeId !== nodeId && a.parentNodeId !== nodeId);
}

/** The cell in the same column of another row, if that row has one. */
const sameColumn = (index: DocumentIndex, rowId: string, columnNumber?: number) =>
  index.cellsOfRow.get(rowId)?.find((c) => c.columnNumber === columnNumber);

const tableOfCell = (index: DocumentIndex, cell: DocumentNode) =>
  cell.rowNodeId ? index.byId.get(cell.rowNodeId)?.parentNodeId : undefined;

const headerOf = (index: DocumentIndex, tableId: string) => {
  const first = index.rowsOfTable.get(tableId)?.[0];
  return first
    ? (index.cellsOfRow.get(first.nodeId) ?? []).map((c) => c.text.trim().toLowerCase()).join('|')
    : '';
};

/** The tables a question in `cell` applies to: its own, and with autocomplete every table with the same header. */
function tablesFor(index: DocumentIndex, cell: DocumentNode, configuration: DocumentConfiguration): string[] {
  const own = tableOfCell(index, cell);
  if (!own) return [];
  if (!configuration.tableFillEnabled) return [own];
  const header = headerOf(index, own);
  return [...index.rowsOfTable.keys()].filter((t) => t === own || (header && headerOf(index, t) === header));
}

/** Body rows of a table (its first row is the header when it reads as one: no row other than the clicked one above). */
const bodyRows = (index: DocumentIndex, tableId: string, fromRow: DocumentNode) => {
  const rows = index.rowsOfTable.get(tableId) ?? [];
  const start = rows.findIndex((r) => r.nodeId === fromRow.nodeId);
  // The clicked row and the rows below it in its own table; every row but the header in the others.
  return start >= 0 ? rows.slice(start) : rows.slice(1);
};

export function markQuestion(
  annotations: Annotation[],
  nodeId: string,
  index: DocumentIndex,
  configuration: DocumentConfiguration,
): Annotation[] {
  const node = index.byId.get(nodeId);
  if (!node || isQuestion(annotations, nodeId)) return annotations;
  const targets: DocumentNode[] = [node];
  if (node.kind === 'cell' && node.rowNodeId && configuration.documentTableFillEnabled) {
    const row = index.byId.get(node.rowNodeId)!;
    for (const table of tablesFor(index, node, configuration)) {
      for (const other of bodyRows(index, table, row)) {
        const cell = sameColumn(index, other.nodeId, node.columnNumber);
        if (cell && cell.nodeId !== nodeId && cell.text.trim()) targets.push(cell);
      }
    }
  }
  const fresh = targets.filter((t) => !isQuestion(annotations, t.nodeId));
  const added = fresh.map((t) => make(t, 'QUESTION'));
  // A node that was an answer (or the like) of another question becomes a question of its own.
  const kept = annotations.filter((a) => !fresh.some((t) => t.nodeId === a.nodeId));
  return sorted([...kept, ...added], index);
}

export function link(
  annotations: Annotation[],
  questionNodeId: string,
  marker: Marker,
  targetNodeId: string,
  index: DocumentIndex,
  configuration: DocumentConfiguration,
): Annotation[] {
  const type = ANNOTATION_MARKERS[marker];
  const question = index.byId.get(questionNodeId);
  const target = index.byId.get(targetNodeId);
  if (!question || !target || !isQuestion(annotations, questionNodeId) || targetNodeId === questionNodeId) {
    return annotations;
  }
  if (isQuestion(annotations, targetNodeId)) return annotations;
  const pairs: Array<[string, DocumentNode]> = [[questionNodeId, target]];
  // In a table, the link follows the column down every row that has a question in the question's column.
  if (
    configuration.documentTableFillEnabled &&
    question.kind === 'cell' &&
    target.kind === 'cell' &&
    question.rowNodeId &&
    question.rowNodeId === target.rowNodeId
  ) {
    for (const table of tablesFor(index, question, configuration)) {
      for (const row of index.rowsOfTable.get(table) ?? []) {
        if (row.nodeId === question.rowNodeId) continue;
        const q = sameColumn(index, row.nodeId, question.columnNumber);
        const t = sameColumn(index, row.nodeId, target.columnNumber);
        if (q && t && isQuestion(annotations, q.nodeId) && !isQuestion(annotations, t.nodeId))
          pairs.push([q.nodeId, t]);
      }
    }
  }
  let next = annotations;
  for (const [parent, node] of pairs) {
    next = next.filter(
      (a) =>
        !(a.parentNodeId === parent && a.annotationType === type) &&
        !(a.nodeId === node.nodeId && a.parentNodeId),
    );
    next = [...next, make(node, type, parent)];
  }
  return sorted(next, index);
}

/** The questions in document order, each with its links by marker. */
export function questionsOf(annotations: Annotation[]) {
  return annotations
    .filter((a) => a.annotationType === 'QUESTION')
    .map((q) => ({
      question: q,
      links: annotations.filter((a) => a.parentNodeId === q.nodeId),
    }));
}

export const sameAnnotations = (a: Annotation[], b: Annotation[]) =>
  JSON.stringify(a.map((x) => [x.nodeId, x.annotationType, x.parentNodeId ?? ''])) ===
  JSON.stringify(b.map((x) => [x.nodeId, x.annotationType, x.parentNodeId ?? '']));
