import { describe, expect, it } from 'vitest';
import type { ColumnType, SheetContent } from '../../../shared/schemas/source';
import { sheetConfigProblem } from '../../../shared/sheet-config';
import { asks, detectSheetLayout, findHeaderRow, looksLikeQuestion, titleType } from './detect';
import type { ParsedSheet } from './types';

/** A sheet from its rows of cells (row n is grid[n - 1]); options add merges, hidden rows/columns, widths. */
function sheetOf(
  grid: string[][],
  options: {
    merges?: SheetContent['merges'];
    hiddenRows?: number[];
    hiddenColumns?: number[];
    widths?: number[];
    validations?: SheetContent['validations'];
    hidden?: boolean;
  } = {},
): ParsedSheet {
  const columnCount = Math.max(0, ...grid.map((r) => r.length));
  return {
    sheetIndex: 0,
    sheetName: 'Sheet1',
    hidden: options.hidden ?? false,
    columnCount,
    rowCount: grid.length,
    content: {
      columns: Array.from({ length: columnCount }, (_, i) => ({
        columnNumber: i + 1,
        ...(options.hiddenColumns?.includes(i + 1) ? { hidden: true } : {}),
        ...(options.widths?.[i] ? { width: options.widths[i] } : {}),
      })),
      rows: grid.map((cells, i) => ({
        rowNumber: i + 1,
        ...(options.hiddenRows?.includes(i + 1) ? { hidden: true } : {}),
        cells,
      })),
      merges: options.merges ?? [],
      ...(options.validations ? { validations: options.validations } : {}),
    },
  };
}

const typesOf = (sheet: ParsedSheet) =>
  detectSheetLayout(sheet).columnClassifications.map((c) => c.columnType as ColumnType);

const QUESTIONS = [
  'Do you encrypt customer data at rest?',
  'Describe how you grant and revoke access to production systems.',
  'Is multi-factor authentication required for every administrator?',
  'How often do you test your backups by restoring them?',
  'Provide a copy of your most recent penetration test summary.',
  'Do you review user access rights at least quarterly?',
];

describe('titleType', () => {
  it.each([
    ['Question', 'QUESTION'],
    ['Question/Request', 'QUESTION'],
    ['Consensus Assessment Question', 'QUESTION'],
    ['Requirement', 'QUESTION'],
    ['Control', 'QUESTION'],
    ['Vendor Response', 'ANSWER'],
    ['Responses', 'ANSWER'],
    ['CSP CAIQ Answer', 'ANSWER'],
    ['Response (Yes/No/N/A)', 'COMPLIANCE_STATUS'],
    ['Compliant (Y/N)', 'COMPLIANCE_STATUS'],
    ['Compliance (Fully / Partially / Not Compliant)', 'COMPLIANCE_STATUS'],
    ['Yes/No', 'COMPLIANCE_STATUS'],
    ['Ref', 'REFERENCE_NUMBER'],
    ['Ques Num', 'REFERENCE_NUMBER'],
    ['Question ID', 'REFERENCE_NUMBER'],
    ['#', 'REFERENCE_NUMBER'],
    ['Control Domain', 'SECTION'],
    ['Category', 'SECTION'],
    ['Priority', 'IMPORTANCE'],
    ['Weighting', 'IMPORTANCE'],
    ['Guidance', 'INFORMATION'],
    ['Additional Information', 'INFORMATION'],
    ['Evidence Provided', 'INFORMATION'],
  ])('%s is %s', (title, type) => {
    expect(titleType(title)).toBe(type);
  });

  it.each([
    'Supplier Security Questionnaire',
    'The control is not implemented',
    'Company name:',
    'Thank you for completing this questionnaire, we will be in touch.',
    '',
  ])('%j is no column title', (title) => {
    expect(titleType(title)).toBeNull();
  });
});

describe('asks and looksLikeQuestion', () => {
  it('tells questions and requests from titles and notes', () => {
    expect(asks('Do you encrypt data at rest')).toBe(true);
    expect(asks('3.2 Describe your incident response process.')).toBe(true);
    expect(asks('Q4: Provide your SOC 2 report.')).toBe(true);
    expect(asks('Access control')).toBe(false);
    expect(asks('Thank you. Please return this form by e-mail.')).toBe(false);
    expect(looksLikeQuestion('Access control')).toBe(false);
    expect(looksLikeQuestion('The supplier must encrypt data at rest.')).toBe(true);
  });
});

describe('detectSheetLayout', () => {
  it('finds the header under a merged title block and leaves the title rows out', () => {
    // Prepare
    const sheet = sheetOf(
      [
        ['Supplier Security Assessment'],
        ['Version 2 — confidential'],
        [],
        ['Vendor name:', ''],
        ['Ref', 'Question', 'Response', 'Compliance'],
        ...QUESTIONS.map((q, i) => [`1.${i + 1}`, q]),
      ],
      { merges: [{ fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 4 }] },
    );

    // Act
    const layout = detectSheetLayout(sheet);

    // Assess
    expect(findHeaderRow(sheet)).toBe(5);
    expect(layout.headerRow).toBe(5);
    expect(typesOf(sheet)).toEqual(['REFERENCE_NUMBER', 'QUESTION', 'ANSWER', 'COMPLIANCE_STATUS']);
    expect(layout.questionRows).toEqual([6, 7, 8, 9, 10, 11]);
    expect(sheetConfigProblem(layout.columnClassifications, true)).toBeNull();
  });

  it('leaves out merged section rows, lone section titles, notes, blank and hidden rows', () => {
    // Prepare
    const sheet = sheetOf(
      [
        ['ID', 'Question', 'Answer'],
        ['1. Access control'],
        ['1.1', QUESTIONS[0]],
        ['1.2', QUESTIONS[1]],
        [],
        ['', 'Data protection and privacy'],
        ['2.1', QUESTIONS[2]],
        ['2.2', 'Retired: do you still send contracts by fax?'],
        ['Please explain any answer of No in the Answer column, with the date you expect to comply.'],
        ['2.3', QUESTIONS[3]],
        ['', 'Thank you for completing this questionnaire.'],
      ],
      {
        merges: [
          { fromRow: 2, fromColumn: 1, toRow: 2, toColumn: 3 },
          { fromRow: 9, fromColumn: 1, toRow: 9, toColumn: 3 },
        ],
        hiddenRows: [8],
      },
    );

    // Act
    const layout = detectSheetLayout(sheet);

    // Assess
    expect(layout.questionRows).toEqual([3, 4, 7, 10]);
  });

  it('keeps a list of requirement statements alone in their rows', () => {
    const sheet = sheetOf([
      ['Requirement', 'Met? (Y/N)', 'Explanation'],
      ['Access control'],
      ['The supplier must enforce multi-factor authentication for administrators.'],
      ['The supplier must review user access rights every quarter.'],
      ['Encryption'],
      ['The supplier must encrypt customer data at rest and in transit.'],
    ]);
    const layout = detectSheetLayout(sheet);
    expect(layout.questionRows).toEqual([3, 4, 6]);
    expect(typesOf(sheet)).toEqual(['QUESTION', 'COMPLIANCE_STATUS', 'ANSWER']);
  });

  it('classifies compliance, importance, reference and section columns by their values', () => {
    // Prepare: titles that say nothing, but for Question and Answer.
    const sheet = sheetOf([
      ['X1', 'X2', 'Question', 'X4', 'X5', 'Answer'],
      ...QUESTIONS.map((q, i) => [
        ['A.5.1', 'SEC-01', 'A&A-01.1', '1.2.3', 'AC-02', 'IAM-03'][i],
        i < 3 ? 'Access control' : 'Operations',
        q,
        ['Yes', 'No', 'N/A', 'Partial', 'Yes', 'No'][i],
        ['High', 'Low', 'Medium', 'High', 'Low', 'High'][i],
        '',
      ]),
    ]);

    // Act
    const types = typesOf(sheet);

    // Assess
    expect(types).toEqual([
      'REFERENCE_NUMBER',
      'SECTION',
      'QUESTION',
      'COMPLIANCE_STATUS',
      'IMPORTANCE',
      'ANSWER',
    ]);
  });

  it('proposes nothing for an instructions sheet, a legend or a list sheet', () => {
    const instructions = sheetOf([
      ['Supplier Security Assessment'],
      [],
      ['Please answer every question on the Questionnaire sheet and return the file within ten days.'],
      ['Choose a compliance status from the drop-down list and explain your answer in the Response column.'],
      [],
      ['Compliance', 'Meaning'],
      ['Yes', 'The control is fully implemented across the service'],
      ['No', 'The control is not implemented'],
      ['N/A', 'The control does not apply to the service; explain why'],
    ]);
    const lists = sheetOf([['Yes'], ['No'], ['N/A']]);
    const summary = sheetOf([
      ['Section', 'Questions', 'Answered'],
      ['Access control', '10', '4'],
      ['Development', '12', '0'],
    ]);
    for (const sheet of [instructions, lists, summary]) {
      const layout = detectSheetLayout(sheet);
      expect(layout.headerRow).toBeNull();
      expect(layout.questionRows).toEqual([]);
      expect(layout.columnClassifications.every((c) => c.columnType === 'IGNORE')).toBe(true);
    }
  });

  it('leaves hidden columns Ignore and makes an empty comments column the answer when none is titled', () => {
    const sheet = sheetOf(
      [
        ['Ques Num', 'Weighting', 'Question/Request', 'Response (Yes/No/N/A)', 'Additional Information'],
        ...QUESTIONS.map((q, i) => [`A.${i + 1}`, String(i % 3), q]),
      ],
      { hiddenColumns: [2] },
    );
    expect(typesOf(sheet)).toEqual(['REFERENCE_NUMBER', 'IGNORE', 'QUESTION', 'COMPLIANCE_STATUS', 'ANSWER']);
  });

  it('takes a narrow "answer" pick list beside a wide empty column as the compliance status', () => {
    const sheet = sheetOf(
      [
        ['Question ID', 'Question', 'CSP CAIQ Answer', 'CSP Implementation Description'],
        ...QUESTIONS.map((q, i) => [`IAM-0${i + 1}.1`, q]),
      ],
      { widths: [12, 60, 12, 50] },
    );
    expect(typesOf(sheet)).toEqual(['REFERENCE_NUMBER', 'QUESTION', 'COMPLIANCE_STATUS', 'ANSWER']);
  });

  it('without any empty column, proposes the first column after the used range as the answer', () => {
    // Prepare: no header, a code and a question per row.
    const sheet = sheetOf(QUESTIONS.map((q, i) => [`Q${i + 1}`, q]));

    // Act
    const layout = detectSheetLayout(sheet);

    // Assess
    expect(layout.headerRow).toBeNull();
    expect(layout.columnClassifications).toEqual([
      { columnNumber: 1, columnType: 'REFERENCE_NUMBER' },
      { columnNumber: 2, columnType: 'QUESTION' },
      { columnNumber: 3, columnType: 'ANSWER' },
    ]);
    expect(layout.questionRows).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sheetConfigProblem(layout.columnClassifications, true)).toBeNull();
  });

  it('keeps a partly answered answer column and an informational question-like column', () => {
    const sheet = sheetOf([
      ['No.', 'Control', 'Question', 'Answer', 'Owner'],
      ...QUESTIONS.map((q, i) => [
        String(i + 1),
        i < 3 ? 'Access control' : 'Operations',
        q,
        i % 2 ? '' : 'Yes, since 2021; see the policy attached.',
        'IT',
      ]),
    ]);
    expect(typesOf(sheet)).toEqual(['REFERENCE_NUMBER', 'INFORMATION', 'QUESTION', 'ANSWER', 'IGNORE']);
    expect(detectSheetLayout(sheet).questionRows).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('drop-down and mark columns', () => {
  const QUESTIONS = [
    'Do you encrypt customer data at rest?',
    'Do you review user access rights every quarter?',
    'Is multi-factor authentication required for administrators?',
    'Do you run an annual penetration test by a third party?',
  ];

  it('takes a column under a Yes / No / NA drop-down as Compliance Status, whatever its title', () => {
    // Prepare: CAIQ-like, the pick list titled "CSP Answer" and as wide as the free-text column.
    const grid = [
      ['Control ID', 'Question', 'CSP Answer', 'Implementation Description'],
      ...QUESTIONS.map((q, i) => [`IAM-0${i + 1}`, q, '', '']),
    ];
    const validations = [
      { ranges: [{ fromRow: 2, fromColumn: 3, toRow: 5, toColumn: 3 }], values: ['Yes', 'No', 'NA'] },
    ];

    // Act
    const layout = detectSheetLayout(sheetOf(grid, { validations, widths: [12, 60, 40, 60] }));

    // Assess
    expect(layout.columnClassifications.map((c) => c.columnType)).toEqual([
      'REFERENCE_NUMBER',
      'QUESTION',
      'COMPLIANCE_STATUS',
      'ANSWER',
    ]);
    expect(layout.questionRows).toEqual([2, 3, 4, 5]);
  });

  it('does not take a drop-down of other values (High / Medium / Low) as compliance', () => {
    // Prepare
    const grid = [['Question', 'Answer', 'Risk'], ...QUESTIONS.map((q) => [q, '', ''])];
    const validations = [
      {
        ranges: [{ fromRow: 1, fromColumn: 3, toRow: 1_048_576, toColumn: 3 }],
        values: ['High', 'Medium', 'Low'],
      },
    ];

    // Act
    const layout = detectSheetLayout(sheetOf(grid, { validations }));

    // Assess
    expect(layout.columnClassifications.map((c) => c.columnType)).not.toContain('COMPLIANCE_STATUS');
  });

  it('takes three "X"-mark columns titled Yes / No / N/A as one compliance answer, and leaves out the example row', () => {
    // Prepare
    const grid = [
      ['#', 'Question', 'Yes', 'No', 'N/A', 'Comments'],
      ['Example', 'Do you have a written information security policy?', 'X', '', '', 'Reviewed yearly.'],
      ...QUESTIONS.map((q, i) => [`${i + 1}`, q, i === 0 ? 'x' : '', '', '', '']),
    ];

    // Act
    const layout = detectSheetLayout(sheetOf(grid));

    // Assess
    expect(layout.headerRow).toBe(1);
    expect(layout.columnClassifications.map((c) => c.columnType)).toEqual([
      'REFERENCE_NUMBER',
      'QUESTION',
      'COMPLIANCE_MARK',
      'COMPLIANCE_MARK',
      'COMPLIANCE_MARK',
      'ANSWER',
    ]);
    expect(layout.questionRows).toEqual([3, 4, 5, 6]);
    expect(sheetConfigProblem(layout.columnClassifications, true)).toBeNull();
  });

  it('finds mark columns titled in a sub-header under a merged "Response" title', () => {
    // Prepare
    const grid = [
      ['Ref', 'Question', 'Response', '', '', 'Comments'],
      ['', '', 'Yes', 'No', 'N/A', ''],
      ...QUESTIONS.map((q, i) => [`Q${i + 1}`, q, '', i === 1 ? 'X' : '', '', '']),
    ];

    // Act
    const layout = detectSheetLayout(
      sheetOf(grid, { merges: [{ fromRow: 1, fromColumn: 3, toRow: 1, toColumn: 5 }] }),
    );

    // Assess
    expect(layout.columnClassifications.slice(2, 5).map((c) => c.columnType)).toEqual([
      'COMPLIANCE_MARK',
      'COMPLIANCE_MARK',
      'COMPLIANCE_MARK',
    ]);
    expect(layout.columnClassifications.find((c) => c.columnType === 'ANSWER')?.columnNumber).toBe(6);
    expect(layout.questionRows).toEqual([3, 4, 5, 6]);
  });

  it('gives a hidden sheet no questions', () => {
    // Prepare
    const grid = [['Question', 'Answer'], ...QUESTIONS.map((q) => [q, ''])];

    // Act
    const layout = detectSheetLayout(sheetOf(grid, { hidden: true }));

    // Assess
    expect(layout.questionRows).toEqual([]);
    expect(layout.headerRow).toBeNull();
  });
});
