/**
 * Realistic questionnaire files for tests and the bench, built from the CC0 answer bank: the
 * layout customers send (a cover sheet of instructions, a merged title block, a header row, merged
 * section rows, Reference | Section | Question | Response | Compliance with a drop-down on
 * Compliance, frozen panes, a comment), at any size.
 */
import ExcelJS from 'exceljs';
import { type CorpusQuestion, loadCorpus } from '../../scripts/local/demo/corpus';

export const COMPLIANCE_CHOICES = ['Yes', 'No', 'Partial', 'N/A'];

export interface QuestionnaireRow {
  rowNumber: number;
  reference: string;
  question: string;
}

export interface BuiltWorkbook {
  bytes: Uint8Array;
  /** The questions sheet's index (0-based), header row and question rows, as detection should find them. */
  sheetIndex: number;
  headerRow: number;
  rows: QuestionnaireRow[];
  sectionRows: number[];
  columns: { reference: number; section: number; question: number; answer: number; compliance: number };
}

let bank: CorpusQuestion[][] | null = null;
const sections = () => {
  bank ??= loadCorpus().map((section) => section.questions);
  return bank;
};
const sectionTitles = () => loadCorpus().map((s) => s.title);

/** `questions` questions in sections of the bank, cycled (references stay unique: 'S.N'). */
export function questionnaireRows(questions: number) {
  const all = sections();
  const titles = sectionTitles();
  const out: Array<
    { section: string; reference: string; question: string; answer: string } | { sectionTitle: string }
  > = [];
  let count = 0;
  for (let round = 0; count < questions; round++) {
    for (let s = 0; s < all.length && count < questions; s++) {
      out.push({ sectionTitle: `${s + 1}. ${titles[s]}${round ? ` (part ${round + 1})` : ''}` });
      for (let q = 0; q < all[s].length && count < questions; q++) {
        const item = all[s][q];
        out.push({
          section: titles[s],
          reference: round ? `${item.reference}.${round}` : item.reference,
          question: item.question,
          answer: item.answer,
        });
        count++;
      }
    }
  }
  return out;
}

export async function buildQuestionnaireXlsx(
  options: { questions: number; title?: string } = { questions: 40 },
) {
  const workbook = new ExcelJS.Workbook();
  const cover = workbook.addWorksheet('Instructions');
  cover.getCell('A1').value = options.title ?? 'Vendor Security Assessment';
  cover.getCell('A1').font = { bold: true, size: 16 };
  cover.getCell('A3').value =
    'Please answer every question on the Questionnaire sheet. Choose a compliance status from the drop-down list and explain your answer in the Response column.';
  cover.getCell('A4').value = 'Return the completed file to your account manager within 10 business days.';
  cover.getColumn(1).width = 100;

  const sheet = workbook.addWorksheet('Questionnaire', { views: [{ state: 'frozen', ySplit: 4 }] });
  sheet.mergeCells('A1:E1');
  sheet.getCell('A1').value = options.title ?? 'Vendor Security Assessment';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = 'Version 2.1 — confidential';
  const headerRow = 4;
  const header = sheet.getRow(headerRow);
  header.values = ['Ref', 'Section', 'Question', 'Response', 'Compliance'];
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE4F0' } };
  sheet.getColumn(1).width = 8;
  sheet.getColumn(2).width = 24;
  sheet.getColumn(3).width = 70;
  sheet.getColumn(4).width = 60;
  sheet.getColumn(5).width = 16;
  sheet.getCell('C4').note = 'Each question must be answered.';

  const rows: QuestionnaireRow[] = [];
  const sectionRows: number[] = [];
  let rowNumber = headerRow;
  for (const entry of questionnaireRows(options.questions)) {
    rowNumber++;
    if ('sectionTitle' in entry) {
      sheet.mergeCells(rowNumber, 1, rowNumber, 5);
      sheet.getCell(rowNumber, 1).value = entry.sectionTitle;
      sheet.getCell(rowNumber, 1).font = { bold: true };
      sectionRows.push(rowNumber);
      continue;
    }
    const row = sheet.getRow(rowNumber);
    row.values = [entry.reference, entry.section, entry.question];
    sheet.getCell(rowNumber, 5).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${COMPLIANCE_CHOICES.join(',')}"`],
    };
    rows.push({ rowNumber, reference: entry.reference, question: entry.question });
  }
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return {
    bytes,
    sheetIndex: 1,
    headerRow,
    rows,
    sectionRows,
    columns: { reference: 1, section: 2, question: 3, answer: 4, compliance: 5 },
  } satisfies BuiltWorkbook;
}

/** The same questionnaire as a CSV (UTF-8, comma, CRLF): ID,Category,Question,Answer. */
export function buildQuestionnaireCsv(questions: number): { text: string; rows: QuestionnaireRow[] } {
  const lines = ['ID,Category,Question,Answer'];
  const rows: QuestionnaireRow[] = [];
  for (const entry of questionnaireRows(questions)) {
    if ('sectionTitle' in entry) continue;
    const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
    lines.push([entry.reference, quote(entry.section), quote(entry.question), ''].join(','));
    rows.push({ rowNumber: lines.length, reference: entry.reference, question: entry.question });
  }
  return { text: `${lines.join('\r\n')}\r\n`, rows };
}
