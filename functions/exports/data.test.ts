import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_COLUMNS } from '../../shared/schemas/source';
import { type DataContext, type DataQuestion, dataRows } from './data';
import { answeredFileName, dataExportFileName, safeFileName } from './names';

const context: DataContext = {
  projectWording: { compliant: 'Yes' },
  fileNames: new Map([
    ['src-xlsx', 'Vendor Security Review.xlsx'],
    ['src-docx', 'Supplier Questionnaire.docx'],
  ]),
  sheetNames: new Map([['sheet-1', 'Access Control']]),
  fullNames: new Map([['user-1', 'Avery Reviewer']]),
};

const base: DataQuestion = {
  question: 'Is multi-factor authentication enforced for administrators?',
  answer: '',
  responseStatus: 'INCOMPLETE',
  responseClassification: 'INCOMPLETE',
};

describe('dataRows', () => {
  it('gives one row per question in DATA_EXPORT_COLUMNS order, with labels, names and places', () => {
    // Prepare
    const questions: DataQuestion[] = [
      {
        ...base,
        referenceNumber: 'AC-1',
        sectionDescription: 'Access Control',
        answer: 'Yes, through our identity provider.',
        responseStatus: 'COMPLETE',
        responseClassification: 'COMPLIANT',
        assignedToUserId: 'user-1',
        information: 'Applies to production.',
        projectSourceId: 'src-xlsx',
        sourceKey: 'sheet-1:14',
      },
      {
        ...base,
        responseStatus: 'IN-PROGRESS',
        responseClassification: 'NOT-APPLICABLE',
        projectSourceId: 'src-docx',
        sourceKey: 't2.r3.c1',
      },
      { ...base, assignedToUserId: 'user-gone' },
    ];
    // Act
    const rows = dataRows(questions, context);
    // Assess
    expect(rows.every((row) => row.length === DATA_EXPORT_COLUMNS.length)).toBe(true);
    expect(rows[0]).toEqual([
      'AC-1',
      'Access Control',
      'Is multi-factor authentication enforced for administrators?',
      'Yes, through our identity provider.',
      'Yes',
      'Complete',
      'Avery Reviewer',
      'Applies to production.',
      'Vendor Security Review.xlsx: Access Control, row 14',
    ]);
    expect(rows[1].slice(4, 7)).toEqual(['Not Applicable', 'In Progress', '']);
    expect(rows[1][8]).toBe('Supplier Questionnaire.docx: Table 3, row 4');
    expect(rows[2].slice(4, 9)).toEqual(['', 'Incomplete', '', '', '']);
  });
});

describe('export file names', () => {
  it('names the data export after the project and the day, safe for any file system', () => {
    // Act / Assess
    const day = new Date('2025-03-04T23:59:00Z');
    expect(dataExportFileName('Acme: Q1/Q2 review?', 'csv', day)).toBe(
      'Acme Q1 Q2 review - Export 2025-03-04.csv',
    );
    expect(dataExportFileName('  ..  ', 'xlsx', day)).toBe('Project - Export 2025-03-04.xlsx');
    expect(safeFileName('a\u0000b\tc')).toBe('a b c');
    expect(safeFileName('x'.repeat(300))).toHaveLength(120);
  });

  it('names the answered questionnaire after the original', () => {
    expect(answeredFileName('Vendor Security Review.XLSX', 'xlsx')).toBe(
      'Vendor Security Review (answered).xlsx',
    );
    expect(answeredFileName('supplier.v2.docx', 'docx')).toBe('supplier.v2 (answered).docx');
  });
});
