import type { Question } from '@shared/schemas/question';
import { describe, expect, it } from 'vitest';
import {
  completionLabel,
  countLabel,
  FILTER_KEYS,
  FILTER_LABELS,
  filterQuestions,
  parseFilterParams,
  withFilterParams,
} from './question-filters';

let n = 0;
function question(fields: Partial<Question>): Question {
  n += 1;
  return {
    questionId: `q${n}`,
    projectId: 'p1',
    question: `Question ${n}`,
    answer: '',
    responseStatus: 'INCOMPLETE',
    responseClassification: 'INCOMPLETE',
    includeInLibrary: false,
    creationType: 'MANUAL',
    isLinked: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...fields,
  };
}

const me = 'u-me';
const list = {
  encrypt: question({ question: 'Do you ENCRYPT data at rest?', referenceNumber: '1.1' }),
  sso: question({
    question: 'Do you support SSO?',
    answer: 'Yes, via SAML and OIDC.',
    responseStatus: 'COMPLETE',
    responseClassification: 'COMPLIANT',
    assignedToUserId: me,
  }),
  backups: question({
    question: 'How often are backups tested?',
    referenceNumber: 'BC-7',
    responseStatus: 'IN-PROGRESS',
    responseClassification: 'PARTIALLY-COMPLIANT',
    assignedToUserId: 'u-other',
    loggedInUserMentioned: true,
  }),
  pen: question({
    question: 'Do you run annual penetration tests?',
    responseStatus: 'COMPLETE',
    responseClassification: 'NOT-APPLICABLE',
    assignedToUserId: 'u-other',
  }),
  vendors: question({
    question: 'Do you assess vendors?',
    responseClassification: 'NON-COMPLIANT',
    evidenceExpired: [{ documentId: 'd1', documentName: 'Vendor Policy', expiresOn: '2026-01-31' }],
  }),
};
const all = Object.values(list);
const ids = (questions: Question[]) =>
  questions.map((q) => Object.entries(list).find(([, v]) => v === q)?.[0]);
const run = (keys: Parameters<typeof filterQuestions>[1]['keys'], search = '') =>
  ids(filterQuestions(all, { keys, search, userId: me }));

describe('question list filters', () => {
  it('has the twelve keys of spec §9, labelled as the spec names them, then Evidence expired', () => {
    expect(FILTER_KEYS.map((k) => FILTER_LABELS[k])).toEqual([
      'Complete',
      'In Progress',
      'Incomplete',
      'Compliant',
      'Partially Compliant',
      'Not Compliant',
      'Not Applicable',
      'Not Specified',
      'Assigned to me',
      'Assigned to others',
      'Unassigned',
      "I'm mentioned",
      'Evidence expired',
    ]);
  });

  it('keeps everything, in order, with no search and no filter', () => {
    expect(run([])).toEqual(['encrypt', 'sso', 'backups', 'pen', 'vendors']);
  });

  it('matches each key on its own', () => {
    expect(run(['COMPLETE'])).toEqual(['sso', 'pen']);
    expect(run(['IN-PROGRESS'])).toEqual(['backups']);
    expect(run(['INCOMPLETE'])).toEqual(['encrypt', 'vendors']);
    expect(run(['COMPLIANT'])).toEqual(['sso']);
    expect(run(['PARTIALLY-COMPLIANT'])).toEqual(['backups']);
    expect(run(['NON-COMPLIANT'])).toEqual(['vendors']);
    expect(run(['NOT-APPLICABLE'])).toEqual(['pen']);
    expect(run(['NOT-SPECIFIED'])).toEqual(['encrypt']);
    expect(run(['ASSIGNED-TO-ME'])).toEqual(['sso']);
    expect(run(['ASSIGNED-TO-OTHERS'])).toEqual(['backups', 'pen']);
    expect(run(['UNASSIGNED'])).toEqual(['encrypt', 'vendors']);
    expect(run(['MENTIONED'])).toEqual(['backups']);
    expect(run(['EVIDENCE-EXPIRED'])).toEqual(['vendors']);
  });

  it('Evidence expired keeps the questions citing expired evidence; the other groups narrow it', () => {
    expect(run(['EVIDENCE-EXPIRED', 'UNASSIGNED'])).toEqual(['vendors']);
    expect(run(['EVIDENCE-EXPIRED', 'COMPLETE'])).toEqual([]);
    const cleared = { ...list.vendors, evidenceExpired: [] };
    expect(filterQuestions([cleared], { keys: ['EVIDENCE-EXPIRED'], search: '', userId: me })).toEqual([]);
    expect(parseFilterParams(new URLSearchParams('filter=evidence-expired'))).toEqual(['EVIDENCE-EXPIRED']);
  });

  it('combines keys of one group with OR and the groups with AND', () => {
    expect(run(['COMPLETE', 'IN-PROGRESS'])).toEqual(['sso', 'backups', 'pen']);
    expect(run(['COMPLETE', 'ASSIGNED-TO-OTHERS'])).toEqual(['pen']);
    expect(run(['COMPLETE', 'IN-PROGRESS', 'ASSIGNED-TO-OTHERS', 'MENTIONED'])).toEqual(['backups']);
    expect(run(['COMPLIANT', 'NOT-APPLICABLE', 'UNASSIGNED'])).toEqual([]);
  });

  it('nobody is "me" when the user is not known yet', () => {
    expect(ids(filterQuestions(all, { keys: ['ASSIGNED-TO-ME'], search: '', userId: undefined }))).toEqual(
      [],
    );
  });

  it('searches question, reference number and answer, ignoring case and outer spaces', () => {
    expect(run([], 'encrypt')).toEqual(['encrypt']);
    expect(run([], '  bc-7 ')).toEqual(['backups']);
    expect(run([], 'saml')).toEqual(['sso']);
    expect(run([], 'do you')).toEqual(['encrypt', 'sso', 'pen', 'vendors']);
    expect(run(['COMPLETE'], 'do you')).toEqual(['sso', 'pen']);
    expect(run([], 'nothing like this')).toEqual([]);
  });

  it('compares at most 250 characters of the search', () => {
    expect(run([], `encrypt${' '.repeat(243)}zzz`)).toEqual(['encrypt']);
  });
});

describe('filters in the query string', () => {
  it("reads the dashboard tiles' ?status= and ?filter=, comma-separated, in any case", () => {
    expect(parseFilterParams(new URLSearchParams('status=NON-COMPLIANT'))).toEqual(['NON-COMPLIANT']);
    expect(parseFilterParams(new URLSearchParams('status=unassigned'))).toEqual(['UNASSIGNED']);
    expect(parseFilterParams(new URLSearchParams('filter=INCOMPLETE,IN-PROGRESS'))).toEqual([
      'IN-PROGRESS',
      'INCOMPLETE',
    ]);
    expect(parseFilterParams(new URLSearchParams('status=COMPLIANT,bogus&filter=mentioned'))).toEqual([
      'COMPLIANT',
      'MENTIONED',
    ]);
    expect(parseFilterParams(new URLSearchParams(''))).toEqual([]);
  });

  it('writes them back as one ?status=, keeping other parameters', () => {
    const next = withFilterParams(new URLSearchParams('filter=COMPLETE&x=1'), ['UNASSIGNED', 'COMPLETE']);
    expect(next.toString()).toBe('x=1&status=COMPLETE%2CUNASSIGNED');
    expect(withFilterParams(next, []).toString()).toBe('x=1');
    expect(parseFilterParams(next)).toEqual(['COMPLETE', 'UNASSIGNED']);
  });
});

describe('count bar and completion badge', () => {
  it('counts shown of total, or just the total when nothing filters', () => {
    expect(countLabel(37, 120, true)).toBe('37 of 120 questions');
    expect(countLabel(5000, 5000, false)).toBe('5,000 questions');
    expect(countLabel(1, 1, false)).toBe('1 question');
    expect(countLabel(0, 3, true)).toBe('0 of 3 questions');
  });

  it('is Completed only when every question is complete, else the percent rounded down', () => {
    expect(completionLabel([])).toBe('0% complete');
    expect(completionLabel(all)).toBe('40% complete');
    expect(completionLabel([list.sso, list.pen])).toBe('Completed');
    const many = [...Array(999).fill(list.sso), list.encrypt];
    expect(completionLabel(many)).toBe('99% complete');
  });
});
