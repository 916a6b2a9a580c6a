/**
 * Where the answered questionnaire puts each answer (pure): a source's questions and its sheet
 * configurations or document annotations in, the writes for the file-format writers out, with a
 * readable place for each (the export preview shows them).
 *
 * - Sheets: a question's row comes from its sourceKey (`<sheetId>:<rowNumber>`); the answer goes into
 *   that row's ANSWER column, the compliance wording (sheet, then file, then project, then the
 *   default) into its COMPLIANCE_STATUS column.
 * - Documents: a question's sourceKey is its QUESTION node. The answer goes to its ANSWER
 *   annotation's node (into the cell when it is a table cell, as a paragraph after it otherwise) or,
 *   without one, as a paragraph after the question; the compliance wording to its COMPLIANCE
 *   annotation likewise (without one it is not written: the document has no place for it).
 *   Questions a table fill created (the same column of other rows, or of matching tables) have no
 *   annotation of their own: they take the row's cell in the column their model row's annotation
 *   used.
 * Empty answers and unclassified questions write nothing, so the original cell keeps its content.
 *
 * A compliance cell under a drop-down list gets the list's own value for the classification (the
 * wording itself when the list has it, else the value naming the same classification: Y, Compliant,
 * NA…); "X"-mark columns get an X in the column whose title names it (the others cleared). A
 * classification with no such value is not written: the question is reported instead.
 */
import { classificationOf, complianceText, type WordingLevels } from '../../shared/compliance';
import type { ComplianceWording } from '../../shared/schemas/project';
import type { Classification } from '../../shared/schemas/question';
import type {
  Annotation,
  AnnotationType,
  ColumnClassification,
  DocumentConfiguration,
  SheetContent,
} from '../../shared/schemas/source';
import type { CellWrite, NodeWrite } from '../common/formats/types';
import { allowedValuesAt, validationsInColumn } from '../common/formats/validation-lookup';
import { markTitles } from '../common/sheet-rows';

export interface ExportQuestion {
  questionId: string;
  question: string;
  answer: string;
  responseClassification: Classification;
  sourceKey?: string;
}

export interface ExportSheet {
  sheetId: string;
  sheetName: string;
  sheetIndex: number;
  isLinked: boolean;
  configured: boolean;
  columnClassifications: ColumnClassification[];
  complianceWording?: ComplianceWording;
  /** The sheet's cells and drop-down lists (for sheets with a compliance column). */
  content?: Pick<SheetContent, 'rows' | 'validations'>;
}

/** A question whose compliance cell allows no value for its classification (left as it was). */
export interface NotAllowed {
  location: string;
  question: string;
  compliance: string;
}

/** What an "X"-mark column gets for the question's classification. */
export const MARK = 'X';

export interface ExportDocument {
  annotations: Annotation[];
  configuration: DocumentConfiguration;
}

/** One question as the answered file will hold it (a row of the SOURCE preview). */
export interface PlacedQuestion {
  questionId: string;
  location: string;
  question: string;
  answer: string;
  compliance: string;
}

export const SOURCE_PREVIEW_COLUMNS = ['Location', 'Question', 'Answer', 'Compliance'];

/** Excel's column letters: 1 → A, 27 → AA. */
export function columnLetters(columnNumber: number): string {
  let letters = '';
  for (let n = columnNumber; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** A cell as Excel names it: `Security!D7`, `'Access Control'!D7`. */
export function cellAddress(sheetName: string, rowNumber: number, columnNumber: number): string {
  const sheet = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheetName)
    ? sheetName
    : `'${sheetName.replace(/'/g, "''")}'`;
  return `${sheet}!${columnLetters(columnNumber)}${rowNumber}`;
}

/** `<sheetId>:<rowNumber>` → its parts, or null for a key of another shape. */
export function parseSheetKey(sourceKey: string | undefined): { sheetId: string; rowNumber: number } | null {
  const match = /^(.+):(\d+)$/.exec(sourceKey ?? '');
  return match ? { sheetId: match[1], rowNumber: Number(match[2]) } : null;
}

const columnOf = (sheet: ExportSheet, type: ColumnClassification['columnType']) =>
  sheet.columnClassifications.find((c) => c.columnType === type)?.columnNumber;

/** The sheets whose questions are written: configured and included. */
export const exportableSheets = (sheets: ExportSheet[]) => sheets.filter((s) => s.configured && s.isLinked);

/** Sheet rows in workbook order, then row order. */
export function sheetWriteBack(
  questions: ExportQuestion[],
  sheets: ExportSheet[],
  levels: Omit<WordingLevels, 'sheet'>,
): { writes: CellWrite[]; placed: PlacedQuestion[]; notAllowed: NotAllowed[] } {
  const byId = new Map(exportableSheets(sheets).map((sheet) => [sheet.sheetId, sheet]));
  const rows = questions
    .map((question) => {
      const key = parseSheetKey(question.sourceKey);
      const sheet = key ? byId.get(key.sheetId) : undefined;
      return key && sheet ? { question, sheet, rowNumber: key.rowNumber } : null;
    })
    .filter((row) => row !== null)
    .sort((a, b) => a.sheet.sheetIndex - b.sheet.sheetIndex || a.rowNumber - b.rowNumber);

  const writes: CellWrite[] = [];
  const placed: PlacedQuestion[] = [];
  const notAllowed: NotAllowed[] = [];
  const marksOf = markColumnsOf(rows, levels);
  const rowMaps = new Map<string, Map<number, readonly string[]>>();
  const cellsOf = (sheet: ExportSheet, rowNumber: number) => {
    let map = rowMaps.get(sheet.sheetId);
    if (!map) {
      map = new Map((sheet.content?.rows ?? []).map((r) => [r.rowNumber, r.cells]));
      rowMaps.set(sheet.sheetId, map);
    }
    return map.get(rowNumber) ?? [];
  };
  // Each sheet's drop-downs over its compliance column, looked up once per sheet.
  const listsOf = new Map(
    [...new Set(rows.map((r) => r.sheet))].map((sheet) => {
      const column = columnOf(sheet, 'COMPLIANCE_STATUS');
      return [sheet.sheetId, column ? validationsInColumn(sheet.content?.validations, column) : []];
    }),
  );
  for (const { question, sheet, rowNumber } of rows) {
    const answerColumn = columnOf(sheet, 'ANSWER');
    const complianceColumn = columnOf(sheet, 'COMPLIANCE_STATUS');
    const sheetLevels = { ...levels, sheet: sheet.complianceWording };
    const classification = question.responseClassification;
    const wording = complianceText(classification, sheetLevels);
    const { sheetIndex } = sheet;
    const { questionId } = question;
    const refuse = (columnNumber: number) =>
      notAllowed.push({
        location: cellAddress(sheet.sheetName, rowNumber, columnNumber),
        question: question.question,
        compliance: wording,
      });
    if (answerColumn && question.answer.trim()) {
      writes.push({ sheetIndex, rowNumber, columnNumber: answerColumn, value: question.answer, questionId });
    }
    let compliance = '';
    if (complianceColumn && wording) {
      const allowed = allowedValuesAt(listsOf.get(sheet.sheetId), rowNumber, complianceColumn);
      const value = allowed ? listValue(allowed, wording, classification, sheetLevels) : wording;
      if (value === undefined) refuse(complianceColumn);
      else {
        compliance = value;
        writes.push({ sheetIndex, rowNumber, columnNumber: complianceColumn, value, questionId });
      }
    }
    const marks = marksOf.get(sheet.sheetId) ?? [];
    if (marks.length && wording) {
      const target = marks.find((m) => m.classification === classification);
      if (!target) refuse(marks[0].columnNumber);
      else {
        compliance = target.title;
        const cells = cellsOf(sheet, rowNumber);
        for (const m of marks) {
          const value = m === target ? MARK : '';
          if ((cells[m.columnNumber - 1] ?? '').trim() !== value)
            writes.push({ sheetIndex, rowNumber, columnNumber: m.columnNumber, value, questionId });
        }
      }
    }
    const shownColumn = answerColumn ?? complianceColumn ?? columnOf(sheet, 'QUESTION') ?? 1;
    placed.push({
      questionId: question.questionId,
      location: cellAddress(sheet.sheetName, rowNumber, shownColumn),
      question: question.question,
      answer: question.answer,
      compliance,
    });
  }
  return { writes, placed, notAllowed };
}

/**
 * The value of a drop-down list for a classification: the wording itself when the list has it
 * (any case), else the first value that names the same classification; undefined when none does.
 */
export function listValue(
  allowed: readonly string[],
  wording: string,
  classification: Classification,
  levels: WordingLevels,
): string | undefined {
  const lower = wording.trim().toLowerCase();
  return (
    allowed.find((v) => v.trim().toLowerCase() === lower) ??
    allowed.find((v) => classificationOf(v, levels) === classification)
  );
}

/** Each sheet's "X"-mark columns with the classification their titles name. */
function markColumnsOf(
  rows: Array<{ sheet: ExportSheet; rowNumber: number }>,
  levels: Omit<WordingLevels, 'sheet'>,
) {
  const bySheet = new Map<
    string,
    Array<{ columnNumber: number; title: string; classification?: Classification }>
  >();
  for (const { sheet } of rows) {
    if (bySheet.has(sheet.sheetId)) continue;
    const columns = sheet.columnClassifications
      .filter((c) => c.columnType === 'COMPLIANCE_MARK')
      .map((c) => c.columnNumber);
    const sheetLevels = { ...levels, sheet: sheet.complianceWording };
    const first = rows.filter((r) => r.sheet === sheet).map((r) => r.rowNumber);
    const titles = markTitles(
      sheet.content?.rows ?? [],
      columns,
      first,
      (t) => classificationOf(t, sheetLevels) !== undefined,
    );
    bySheet.set(
      sheet.sheetId,
      columns.map((columnNumber) => {
        const title = titles.get(columnNumber) ?? '';
        return {
          columnNumber,
          title,
          classification: title ? classificationOf(title, sheetLevels) : undefined,
        };
      }),
    );
  }
  return bySheet;
}

// ——— Documents ———

const CELL = /^(.*)\.r(\d+)\.c(\d+)$/;

/** Whether a node id names a table cell (`t2.r3.c4`, nested tables included). */
export const isCellNode = (nodeId: string) => CELL.test(nodeId);

/**
 * A node as a person finds it, counting from 1 (node ids count from 0, see formats/docx-walk.ts):
 * `p11` → `Paragraph 12`, `t1.r2.c0` → `Table 2, row 3` (the outermost table for nested ones).
 */
export function nodeLocation(nodeId: string): string {
  const table = /^t(\d+)\.r(\d+)/.exec(nodeId);
  if (table) return `Table ${Number(table[1]) + 1}, row ${Number(table[2]) + 1}`;
  const paragraph = /^p(\d+)/.exec(nodeId);
  return paragraph ? `Paragraph ${Number(paragraph[1]) + 1}` : nodeId;
}

/** The cell a node is or lies in directly (`t0.r1.c2.p0` → `t0.r1.c2`), matched against CELL. */
const cellMatch = (nodeId: string) => CELL.exec(nodeId.replace(/\.p\d+$/, ''));

/**
 * The node an annotation of `type` puts the question's text in: its own annotation, or for a
 * question a table fill created, the same column of its row as the annotation of a question in the
 * same column of that table (documentTableFillEnabled) or of a matching table (tableFillEnabled).
 */
export function annotatedNode(
  questionNodeId: string,
  type: AnnotationType,
  document: ExportDocument,
): string | undefined {
  const linked = document.annotations.filter((a) => a.annotationType === type && a.parentNodeId);
  const own = linked.filter((a) => a.parentNodeId === questionNodeId).at(-1);
  if (own) return own.nodeId;
  const question = cellMatch(questionNodeId);
  if (!question) return undefined;
  const [, table, row, column] = question;
  const models = linked
    .map((a) => ({ parent: cellMatch(a.parentNodeId ?? ''), node: CELL.exec(a.nodeId) }))
    .filter(
      ({ parent, node }) =>
        parent && node && parent[3] === column && node[1] === parent[1] && node[2] === parent[2],
    );
  const inTable = models.find(({ parent }) => parent?.[1] === table);
  const { documentTableFillEnabled, tableFillEnabled } = document.configuration;
  const model =
    (documentTableFillEnabled ? inTable : undefined) ?? (tableFillEnabled ? models[0] : undefined);
  return model?.node ? `${table}.r${row}.c${model.node[3]}` : undefined;
}

/** Document questions in creation order (configure creates them in document order). */
export function documentWriteBack(
  questions: ExportQuestion[],
  document: ExportDocument,
  levels: Omit<WordingLevels, 'sheet'>,
): { writes: NodeWrite[]; placed: PlacedQuestion[] } {
  const writes: NodeWrite[] = [];
  const placed: PlacedQuestion[] = [];
  const ordered = [...questions].sort((a, b) => a.questionId.localeCompare(b.questionId));
  for (const question of ordered) {
    const questionNode = question.sourceKey;
    if (!questionNode || parseSheetKey(questionNode)) continue;
    const answerNode = annotatedNode(questionNode, 'ANSWER', document);
    const complianceNode = annotatedNode(questionNode, 'COMPLIANCE', document);
    const compliance = complianceText(question.responseClassification, levels);
    const place = (nodeId: string, value: string): NodeWrite => ({
      nodeId,
      mode: isCellNode(nodeId) && nodeId !== questionNode ? 'CELL' : 'AFTER',
      value,
    });
    if (question.answer.trim()) writes.push(place(answerNode ?? questionNode, question.answer));
    if (complianceNode && compliance) writes.push(place(complianceNode, compliance));
    placed.push({
      questionId: question.questionId,
      location: nodeLocation(answerNode ?? questionNode),
      question: question.question,
      answer: question.answer,
      compliance: complianceNode ? compliance : '',
    });
  }
  return { writes, placed };
}

export const placedRow = (placed: PlacedQuestion) => [
  placed.location,
  placed.question,
  placed.answer,
  placed.compliance,
];
