import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../shared/schemas/source';
import {
  annotatedNode,
  cellAddress,
  columnLetters,
  documentWriteBack,
  type ExportDocument,
  type ExportQuestion,
  type ExportSheet,
  nodeLocation,
  sheetWriteBack,
} from './write-back';

const question = (overrides: Partial<ExportQuestion> & { sourceKey: string }): ExportQuestion => ({
  questionId: overrides.sourceKey,
  question: 'Do you encrypt customer data at rest?',
  answer: '',
  responseClassification: 'INCOMPLETE',
  ...overrides,
});

const sheet = (overrides: Partial<ExportSheet> = {}): ExportSheet => ({
  sheetId: 'sheet-security',
  sheetName: 'Security',
  sheetIndex: 1,
  isLinked: true,
  configured: true,
  columnClassifications: [
    { columnNumber: 1, columnType: 'REFERENCE_NUMBER' },
    { columnNumber: 2, columnType: 'QUESTION' },
    { columnNumber: 4, columnType: 'ANSWER' },
    { columnNumber: 5, columnType: 'COMPLIANCE_STATUS' },
  ],
  ...overrides,
});

const annotation = (
  nodeId: string,
  annotationType: Annotation['annotationType'],
  parentNodeId?: string,
): Annotation => ({
  nodeId,
  annotationType,
  parentNodeId,
  inTable: nodeId.startsWith('t'),
  hasContent: false,
  text: '',
});

describe('cell addresses', () => {
  it('names columns and cells as Excel does', () => {
    // Act / Assess
    expect([1, 4, 26, 27, 52, 703, 16_384].map(columnLetters)).toEqual([
      'A',
      'D',
      'Z',
      'AA',
      'AZ',
      'AAA',
      'XFD',
    ]);
    expect(cellAddress('Security', 7, 4)).toBe('Security!D7');
    expect(cellAddress("Vendor's Access Control", 12, 3)).toBe("'Vendor''s Access Control'!C12");
  });
});

describe('sheetWriteBack', () => {
  it('writes each answer into its row at the ANSWER column and the resolved wording at COMPLIANCE_STATUS', () => {
    // Prepare
    const questions = [
      question({
        sourceKey: 'sheet-security:9',
        answer: 'Quarterly, by the security team.',
        responseClassification: 'PARTIALLY-COMPLIANT',
      }),
      question({
        sourceKey: 'sheet-security:7',
        answer: 'Yes, AES-256.',
        responseClassification: 'COMPLIANT',
      }),
      question({ sourceKey: 'sheet-intro:3', answer: 'Ignored: the sheet is not configured' }),
      question({ sourceKey: 'sheet-security:8' }),
    ];
    const sheets = [
      sheet(),
      sheet({ sheetId: 'sheet-intro', sheetName: 'Intro', sheetIndex: 0, configured: false }),
    ];
    // Act
    const { writes, placed } = sheetWriteBack(questions, sheets, {
      file: { partiallyCompliant: 'Partly' },
      project: { compliant: 'Project yes' },
    });
    // Assess
    const [ninth, seventh] = questions.map((q) => q.questionId);
    expect(writes).toEqual([
      { sheetIndex: 1, rowNumber: 7, columnNumber: 4, value: 'Yes, AES-256.', questionId: seventh },
      { sheetIndex: 1, rowNumber: 7, columnNumber: 5, value: 'Project yes', questionId: seventh },
      {
        sheetIndex: 1,
        rowNumber: 9,
        columnNumber: 4,
        value: 'Quarterly, by the security team.',
        questionId: ninth,
      },
      { sheetIndex: 1, rowNumber: 9, columnNumber: 5, value: 'Partly', questionId: ninth },
    ]);
    expect(placed.map((p) => [p.location, p.answer, p.compliance])).toEqual([
      ['Security!D7', 'Yes, AES-256.', 'Project yes'],
      ['Security!D8', '', ''],
      ['Security!D9', 'Quarterly, by the security team.', 'Partly'],
    ]);
  });

  it('lets the sheet wording win over the file and the project', () => {
    // Prepare
    const questions = [
      question({ sourceKey: 'sheet-security:7', responseClassification: 'COMPLIANT' }),
      question({ sourceKey: 'sheet-security:8', responseClassification: 'NON-COMPLIANT' }),
      question({ sourceKey: 'sheet-security:10', responseClassification: 'NOT-APPLICABLE' }),
    ];
    // Act
    const { writes } = sheetWriteBack(
      questions,
      [sheet({ complianceWording: { compliant: 'Yes', nonCompliant: ' ' } })],
      {
        file: { nonCompliant: 'No' },
        project: { compliant: 'Met', nonCompliant: 'Not met' },
      },
    );
    // Assess
    expect(writes.map((w) => w.value)).toEqual(['Yes', 'No', 'Not Applicable']);
  });

  it('writes nothing into a sheet without a compliance column but the answers', () => {
    // Prepare
    const questions = [
      question({ sourceKey: 'sheet-security:7', answer: 'Yes', responseClassification: 'COMPLIANT' }),
    ];
    const plain = sheet({
      columnClassifications: [
        { columnNumber: 2, columnType: 'QUESTION' },
        { columnNumber: 3, columnType: 'ANSWER' },
      ],
    });
    // Act
    const { writes, placed } = sheetWriteBack(questions, [plain], {});
    // Assess
    expect(writes).toEqual([
      { sheetIndex: 1, rowNumber: 7, columnNumber: 3, value: 'Yes', questionId: questions[0].questionId },
    ]);
    expect(placed[0].compliance).toBe('');
  });
});

describe('documentWriteBack', () => {
  const document: ExportDocument = {
    configuration: { documentTableFillEnabled: true, tableFillEnabled: false },
    annotations: [
      annotation('p4', 'QUESTION'),
      annotation('p6', 'QUESTION'),
      annotation('p7', 'ANSWER', 'p6'),
      annotation('t1.r2.c2', 'QUESTION'),
      annotation('t1.r2.c3', 'ANSWER', 't1.r2.c2'),
      annotation('t1.r2.c4', 'COMPLIANCE', 't1.r2.c2'),
    ],
  };

  it('answers into the ANSWER cell, after the ANSWER paragraph, or after the question', () => {
    // Prepare
    const questions = [
      question({ questionId: 'q1', sourceKey: 'p4', answer: 'We use SSO everywhere.' }),
      question({ questionId: 'q2', sourceKey: 'p6', answer: 'Annually.' }),
      question({
        questionId: 'q3',
        sourceKey: 't1.r2.c2',
        answer: 'Yes',
        responseClassification: 'COMPLIANT',
      }),
      // Created by the table fill: same column, another row; no annotation of its own.
      question({
        questionId: 'q4',
        sourceKey: 't1.r3.c2',
        answer: 'No',
        responseClassification: 'NON-COMPLIANT',
      }),
    ];
    // Act
    const { writes, placed } = documentWriteBack(questions, document, {
      file: { nonCompliant: 'No (file)' },
    });
    // Assess
    expect(writes).toEqual([
      { nodeId: 'p4', mode: 'AFTER', value: 'We use SSO everywhere.' },
      { nodeId: 'p7', mode: 'AFTER', value: 'Annually.' },
      { nodeId: 't1.r2.c3', mode: 'CELL', value: 'Yes' },
      { nodeId: 't1.r2.c4', mode: 'CELL', value: 'Compliant' },
      { nodeId: 't1.r3.c3', mode: 'CELL', value: 'No' },
      { nodeId: 't1.r3.c4', mode: 'CELL', value: 'No (file)' },
    ]);
    expect(placed.map((p) => p.location)).toEqual([
      'Paragraph 5',
      'Paragraph 8',
      'Table 2, row 3',
      'Table 2, row 4',
    ]);
  });

  it('fills matching tables elsewhere only when autocomplete is on', () => {
    // Prepare
    const other = 't3.r5.c2';
    const off = { ...document, configuration: { documentTableFillEnabled: true, tableFillEnabled: false } };
    const on = { ...document, configuration: { documentTableFillEnabled: true, tableFillEnabled: true } };
    // Act / Assess
    expect(annotatedNode(other, 'ANSWER', off)).toBeUndefined();
    expect(annotatedNode(other, 'ANSWER', on)).toBe('t3.r5.c3');
    expect(annotatedNode('p9', 'ANSWER', on)).toBeUndefined();
    // A question marked on the paragraph inside a cell finds its row's cell too.
    expect(annotatedNode('t1.r4.c2.p0', 'ANSWER', off)).toBe('t1.r4.c3');
  });

  it('takes the newest link of a type when a question has two', () => {
    // Prepare
    const relinked = {
      ...document,
      annotations: [...document.annotations, annotation('p8', 'ANSWER', 'p6')],
    };
    // Act / Assess
    expect(annotatedNode('p6', 'ANSWER', relinked)).toBe('p8');
  });

  it('names places as a person finds them', () => {
    expect(nodeLocation('p11')).toBe('Paragraph 12');
    expect(nodeLocation('t1.r2.c0')).toBe('Table 2, row 3');
    expect(nodeLocation('t1.r2.c0.p0')).toBe('Table 2, row 3');
    expect(nodeLocation('t1.r2.c1.t0.r0.c1')).toBe('Table 2, row 3');
  });
});

describe('sheetWriteBack into drop-down and mark columns', () => {
  const classified = (rowNumber: number, responseClassification: ExportQuestion['responseClassification']) =>
    question({ sourceKey: `sheet-security:${rowNumber}`, responseClassification });
  const ALL = ['COMPLIANT', 'NON-COMPLIANT', 'PARTIALLY-COMPLIANT', 'NOT-APPLICABLE'] as const;

  it("writes the value the cell's list allows for each classification (Yes / No / NA)", () => {
    // Prepare: the default wording ("Compliant"…) is not in the list.
    const content = {
      rows: [],
      validations: [
        {
          ranges: [{ fromRow: 2, fromColumn: 5, toRow: 1_048_576, toColumn: 5 }],
          values: ['Yes', 'No', 'NA'],
        },
      ],
    };
    const questions = ALL.map((c, i) => classified(i + 2, c));

    // Act
    const { writes, notAllowed, placed } = sheetWriteBack(questions, [sheet({ content })], {});

    // Assess
    expect(writes.map((w) => [w.rowNumber, w.columnNumber, w.value])).toEqual([
      [2, 5, 'Yes'],
      [3, 5, 'No'],
      [5, 5, 'NA'],
    ]);
    expect(notAllowed).toEqual([
      {
        location: 'Security!E4',
        question: 'Do you encrypt customer data at rest?',
        compliance: 'Partially Compliant',
      },
    ]);
    expect(placed.map((p) => p.compliance)).toEqual(['Yes', 'No', '', 'NA']);
  });

  it('maps onto a compliance-worded list, the wording itself first', () => {
    // Prepare
    const content = {
      rows: [],
      validations: [
        {
          ranges: [{ fromRow: 1, fromColumn: 5, toRow: 100, toColumn: 5 }],
          values: ['Compliant', 'Partially', 'Not compliant', 'Not applicable'],
        },
      ],
    };
    const questions = ALL.map((c, i) => classified(i + 2, c));

    // Act
    const { writes, notAllowed } = sheetWriteBack(questions, [sheet({ content })], {
      project: { nonCompliant: 'Not compliant' },
    });

    // Assess
    expect(writes.map((w) => w.value)).toEqual(['Compliant', 'Not compliant', 'Partially', 'Not applicable']);
    expect(notAllowed).toEqual([]);
  });

  it('puts an X in the mark column whose title names the classification, clearing another mark', () => {
    // Prepare
    const content = {
      rows: [
        { rowNumber: 1, cells: ['#', 'Question', 'Yes', 'No', 'N/A', 'Comments'] },
        { rowNumber: 2, cells: ['1', 'Do you encrypt customer data at rest?', '', 'X'] },
        { rowNumber: 3, cells: ['2', 'Do you review access?'] },
        { rowNumber: 4, cells: ['3', 'Do you test?'] },
      ],
    };
    const marks = sheet({
      content,
      columnClassifications: [
        { columnNumber: 2, columnType: 'QUESTION' },
        { columnNumber: 3, columnType: 'COMPLIANCE_MARK' },
        { columnNumber: 4, columnType: 'COMPLIANCE_MARK' },
        { columnNumber: 5, columnType: 'COMPLIANCE_MARK' },
        { columnNumber: 6, columnType: 'ANSWER' },
      ],
    });
    const questions = [
      classified(2, 'COMPLIANT'),
      classified(3, 'NOT-APPLICABLE'),
      classified(4, 'PARTIALLY-COMPLIANT'),
    ];

    // Act
    const { writes, notAllowed } = sheetWriteBack(questions, [marks], {});

    // Assess
    expect(writes.map((w) => [w.rowNumber, w.columnNumber, w.value])).toEqual([
      [2, 3, 'X'],
      [2, 4, ''],
      [3, 5, 'X'],
    ]);
    expect(notAllowed.map((n) => n.location)).toEqual(['Security!C4']);
  });
});
