/**
 * The DATA export's rows (pure): one per question that counts in the project, in creation order,
 * in DATA_EXPORT_COLUMNS order. The compliance column uses the project's wording (a question of a
 * DATA export is not in any one sheet); the source column names the file and the place in it.
 */
import { complianceText } from '../../shared/compliance';
import type { ComplianceWording } from '../../shared/schemas/project';
import type { Classification, ResponseStatus } from '../../shared/schemas/question';
import type { DataRow } from '../common/formats/types';
import { nodeLocation, parseSheetKey } from './write-back';

export const STATUS_LABELS: Record<ResponseStatus, string> = {
  INCOMPLETE: 'Incomplete',
  'IN-PROGRESS': 'In Progress',
  COMPLETE: 'Complete',
};

export interface DataQuestion {
  question: string;
  answer: string;
  referenceNumber?: string;
  sectionDescription?: string;
  information?: string;
  responseStatus: ResponseStatus;
  responseClassification: Classification;
  assignedToUserId?: string;
  projectSourceId?: string;
  sourceKey?: string;
}

export interface DataContext {
  projectWording?: ComplianceWording;
  /** File names by projectSourceId. */
  fileNames: Map<string, string>;
  /** Sheet names by sheetId. */
  sheetNames: Map<string, string>;
  /** Full names by userId. */
  fullNames: Map<string, string>;
}

/** Where a question came from: `Vendor.xlsx: Security, row 7`, `Vendor.docx: Table 2, row 3`; '' when typed in. */
export function sourcePlace(question: DataQuestion, context: DataContext): string {
  const fileName = question.projectSourceId ? context.fileNames.get(question.projectSourceId) : undefined;
  if (!fileName) return '';
  const sheet = parseSheetKey(question.sourceKey);
  const place = sheet
    ? `${context.sheetNames.get(sheet.sheetId) ?? 'Sheet'}, row ${sheet.rowNumber}`
    : question.sourceKey
      ? nodeLocation(question.sourceKey)
      : '';
  return place ? `${fileName}: ${place}` : fileName;
}

export function dataRow(question: DataQuestion, context: DataContext): DataRow {
  return [
    question.referenceNumber ?? '',
    question.sectionDescription ?? '',
    question.question,
    question.answer,
    complianceText(question.responseClassification, { project: context.projectWording }),
    STATUS_LABELS[question.responseStatus],
    question.assignedToUserId ? (context.fullNames.get(question.assignedToUserId) ?? '') : '',
    question.information ?? '',
    sourcePlace(question, context),
  ];
}

export const dataRows = (questions: DataQuestion[], context: DataContext): DataRow[] =>
  questions.map((question) => dataRow(question, context));
