import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRanges, markTitles, shownText, titleSections, toRanges } from './sheet-rows';

describe('row ranges', () => {
  it('writes runs compactly', () => {
    expect(toRanges([5, 3, 4, 10, 12, 11, 20])).toBe('3-5,10-12,20');
    expect(toRanges([])).toBe('');
    expect(fromRanges('3-5,10-12,20')).toEqual([3, 4, 5, 10, 11, 12, 20]);
  });

  it('gives back every row set, sorted and without duplicates (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 300 }), (rows) => {
        expect(fromRanges(toRanges(rows))).toEqual([...new Set(rows)].sort((a, b) => a - b));
      }),
    );
  });
});

describe('a cell as Excel shows it', () => {
  // Rows 5–10 of a sheet whose Section column (B) is merged down B6:B10, and a title merged A1:C1.
  const rows = new Map<number, string[]>([
    [1, ['Vendor security assessment']],
    [5, ['Ref', 'Section', 'Question']],
    [6, ['1.1', 'Access Control', 'Do you enforce MFA?']],
    [7, ['1.2', '', 'Are accounts reviewed quarterly?']],
    [10, ['1.5', '', 'Are leavers removed within a day?']],
    [11, ['2.1', 'Encryption', 'Is data encrypted at rest?']],
  ]);
  const merges = [
    { fromRow: 6, fromColumn: 2, toRow: 10, toColumn: 2 },
    { fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 3 },
  ];
  const shown = (row: number, column: number) => shownText(merges, (r) => rows.get(r), row, column);

  it("gives every cell of a merge the range's top-left text, and others their own", () => {
    expect([6, 7, 8, 10].map((row) => shown(row, 2))).toEqual(Array(4).fill('Access Control'));
    expect(shown(11, 2)).toBe('Encryption');
    expect(shown(7, 3)).toBe('Are accounts reviewed quarterly?');
    expect(shown(1, 3)).toBe('Vendor security assessment');
    expect(shown(12, 2)).toBe('');
  });
});

describe('title-row sections', () => {
  const rows = [
    { rowNumber: 1, bold: true, cells: ['Cloud Controls Questionnaire'] },
    { rowNumber: 2, cells: ['ID', 'Question', 'Answer'] },
    { rowNumber: 3, cells: ['Application & Interface Security'] },
    { rowNumber: 4, cells: ['AIS-01', 'Do you test your applications?'] },
    { rowNumber: 5, cells: ['AIS-02', 'Do you review your code?'] },
    { rowNumber: 6, bold: true, cells: ['Audit Assurance'] },
    { rowNumber: 7, cells: ['AAC-01', 'Are audits planned?'] },
    { rowNumber: 8, cells: ['A note that is neither merged nor bold'] },
    { rowNumber: 9, bold: true, cells: ['Answer the questions below in full.'] },
    { rowNumber: 10, cells: ['AAC-02', 'Are audits independent?'] },
  ];
  const merges = [
    { fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 3 },
    { fromRow: 3, fromColumn: 1, toRow: 3, toColumn: 3 },
  ];

  it('gives each question the merged or bold title row above its group, not the title over the header nor an instruction', () => {
    // Act
    const sections = titleSections(rows, merges, [4, 5, 7, 10]);

    // Assess
    expect([...sections]).toEqual([
      [4, 'Application & Interface Security'],
      [5, 'Application & Interface Security'],
      [7, 'Audit Assurance'],
      [10, 'Audit Assurance'],
    ]);
  });

  it('gives no section when there is no title row between the header and the questions', () => {
    // Act
    const sections = titleSections(rows.slice(0, 2).concat(rows[3]), merges, [4]);

    // Assess
    expect(sections.size).toBe(0);
  });
});

describe('mark column titles', () => {
  it("takes the nearest title above the questions, passing over an example row's mark", () => {
    // Prepare
    const rows = [
      { rowNumber: 1, cells: ['#', 'Question', 'Response'] },
      { rowNumber: 2, cells: ['', '', 'Yes', 'No', 'N/A'] },
      { rowNumber: 3, cells: ['e.g.', 'Do you have a policy?', 'X'] },
      { rowNumber: 4, cells: ['1', 'Do you encrypt data?'] },
    ];

    // Act
    const titles = markTitles(rows, [3, 4, 5], [4], (t) => /^(yes|no|n\/a)$/i.test(t));

    // Assess
    expect([...titles]).toEqual([
      [3, 'Yes'],
      [4, 'No'],
      [5, 'N/A'],
    ]);
  });
});
