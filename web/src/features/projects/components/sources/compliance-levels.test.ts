import type { Source } from '@shared/schemas/source';
import { describe, expect, it } from 'vitest';
import {
  changedLevels,
  EMPTY_WORDING,
  fallbackWording,
  storedWording,
  wordingLevels,
} from './compliance-levels';

const sheet = (sheetId: string, sheetName: string, sheetIndex: number) => ({
  sheetId,
  sheetName,
  sheetIndex,
  hidden: false,
  columnCount: 3,
  rowCount: 10,
  isLinked: true,
  columnClassifications: [],
  configured: true,
  questionCount: 4,
  applying: false,
  version: 1,
});

const source = (overrides: Partial<Source>): Source => ({
  projectSourceId: 'src',
  fileName: 'file.xlsx',
  fileFormat: 'xlsx',
  status: 'READY',
  createdAt: '2026-01-01T00:00:00Z',
  createdByUserId: 'u1',
  updatedAt: '2026-01-01T00:00:00Z',
  sheets: [],
  ...overrides,
});

const sources: Source[] = [
  source({
    projectSourceId: 'wb',
    fileName: 'Vendor.xlsx',
    createdAt: '2026-01-02T00:00:00Z',
    sheets: [sheet('s2', 'Controls', 1), sheet('s1', 'Cover', 0)],
  }),
  source({ projectSourceId: 'doc', fileName: 'Policy.docx', fileFormat: 'docx' }),
  source({ projectSourceId: 'new', fileName: 'Later.csv', fileFormat: 'csv', status: 'PROCESSING' }),
];

describe('wordingLevels', () => {
  it('lists the project, then each ready file newest first with its workbook sheets in order', () => {
    expect(wordingLevels('p1', sources).map((l) => [l.key, l.label, l.parents])).toEqual([
      ['p1', 'Project', []],
      ['wb', 'Vendor.xlsx', ['p1']],
      ['s1', 'Vendor.xlsx › Cover', ['wb', 'p1']],
      ['s2', 'Vendor.xlsx › Controls', ['wb', 'p1']],
      ['doc', 'Policy.docx', ['p1']],
    ]);
  });
});

describe('fallbackWording', () => {
  it('resolves sheet → file → project → default, reading what is being edited', () => {
    const [project, file, cover] = wordingLevels('p1', sources);
    const values = {
      p1: { ...EMPTY_WORDING, compliant: 'Yes', nonCompliant: 'No' },
      wb: { ...EMPTY_WORDING, compliant: '  ', nonCompliant: 'Gap' },
    };
    expect(fallbackWording(project, values)).toEqual({
      compliant: 'Compliant',
      nonCompliant: 'Non-Compliant',
      partiallyCompliant: 'Partially Compliant',
      notApplicable: 'Not Applicable',
    });
    expect(fallbackWording(file, values)).toMatchObject({ compliant: 'Yes', nonCompliant: 'No' });
    expect(fallbackWording(cover, values)).toMatchObject({
      compliant: 'Yes',
      nonCompliant: 'Gap',
      notApplicable: 'Not Applicable',
    });
  });
});

describe('changedLevels', () => {
  it('names only the levels that differ from what is stored, trimmed, clearing with empty texts', () => {
    const stored = { p1: { compliant: 'Yes' }, s1: { notApplicable: 'N/A' } };
    const values = {
      p1: { ...storedWording(stored, 'p1'), compliant: 'Yes ' },
      wb: { ...EMPTY_WORDING },
      s1: { ...EMPTY_WORDING },
      s2: { ...EMPTY_WORDING, partiallyCompliant: ' Partly ' },
    };
    expect(changedLevels(values, stored)).toEqual({
      s1: { compliant: '', nonCompliant: '', partiallyCompliant: '', notApplicable: '' },
      s2: { compliant: '', nonCompliant: '', partiallyCompliant: 'Partly', notApplicable: '' },
    });
  });
});
