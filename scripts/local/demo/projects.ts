/**
 * The demo team's projects: questionnaires from fictional customers, each a selection of the
 * answer bank's questions (by the bank's reference, see corpus.ts) with how far the team got.
 * Due dates are days from the day of the first seeding.
 */
import type { Industry } from '../../../shared/industries';
import type { Classification } from '../../../shared/schemas/question';
import type { DemoMember } from './members';

/** Who: the demo user or one of the demo members. */
export type Person = 'demo' | DemoMember;

export interface DemoProject {
  /** Stable key: the project's id derives from it. */
  key: string;
  name: string;
  industryVertical: Industry;
  projectPriority: 'LOW' | 'NORMAL' | 'HIGH';
  dueInDays: number;
  createdBy: Person;
  closed?: boolean;
  /** PRIVATE to these people (the creator is always on the list); TEAM when absent. */
  privateTo?: Person[];
  salesManager?: Person;
  deliveryManager?: Person;
  portal?: { url: string; notes?: string };
  contact?: { name: string; email: string; phone: string };
  deal?: {
    status: 'IN-PROGRESS' | 'WON' | 'LOST' | 'UNKNOWN';
    value?: number;
    outcome?: 'PASSED' | 'FAILED';
    reason?: string;
  };
  complianceWording?: {
    compliant?: string;
    nonCompliant?: string;
    partiallyCompliant?: string;
    notApplicable?: string;
  };
  /** Imported questions, by bank reference, in questionnaire order. */
  imported: string[];
  /** Questions the team added by hand after the import (the customer's follow-ups). */
  manual?: string[];
  /** How many questions are complete, in progress, and assigned but not started; the rest are open. */
  progress: { complete: number | 'all'; inProgress: number; assignedOnly: number };
  /** Who questions are assigned to (people who can see the project). */
  assignees: Person[];
}

const refs = (list: string) => list.trim().split(/\s+/);

export const DEMO_PROJECTS: DemoProject[] = [
  {
    key: 'northwind',
    name: 'Northwind Traders — Vendor Security Assessment',
    industryVertical: 'Retail',
    projectPriority: 'HIGH',
    dueInDays: 4,
    createdBy: 'demo',
    salesManager: 'sales',
    deliveryManager: 'delivery',
    portal: {
      url: 'https://vendors.northwind.example/assessments/NW-2291',
      notes: 'Answers are entered in the portal; attach the penetration test summary under section 5.',
    },
    contact: { name: 'Pat Procurement', email: 'vendor.risk@northwind.example', phone: '+61 2 9555 0142' },
    deal: { status: 'IN-PROGRESS', value: 120000 },
    imported: refs(`
      1.1 1.2 1.4 2.1 2.5 2.6 2.7 2.9 3.1 3.5 3.6 4.1 4.2 4.6
      5.3 5.5 5.6 6.1 6.5 7.1 7.4 8.3 9.1 10.1
    `),
    manual: refs('11.1 11.2'),
    progress: { complete: 12, inProgress: 5, assignedOnly: 3 },
    assignees: ['demo', 'sales', 'security', 'delivery'],
  },
  {
    key: 'contoso',
    name: 'Contoso Bank — Annual Due Diligence',
    industryVertical: 'Banking',
    projectPriority: 'NORMAL',
    dueInDays: -3,
    createdBy: 'demo',
    privateTo: ['security'],
    deliveryManager: 'security',
    contact: { name: 'Sam Thirdparty', email: 'tprm@contoso-bank.example', phone: '+61 3 9555 0199' },
    deal: { status: 'IN-PROGRESS', value: 340000 },
    complianceWording: {
      compliant: 'Yes',
      nonCompliant: 'No',
      partiallyCompliant: 'Partially',
      notApplicable: 'N/A',
    },
    imported: refs(`
      1.1 1.3 1.5 1.6 2.1 2.2 2.3 2.6 2.7 2.8 2.9 3.1 3.3 3.4 3.5 3.9 4.1
      4.2 4.3 4.4 4.5 4.9 5.1 5.2 6.1 6.2 6.4 7.1 7.5 7.6 8.4 10.2 10.3
    `),
    progress: { complete: 22, inProgress: 5, assignedOnly: 2 },
    assignees: ['demo', 'security'],
  },
  {
    key: 'fabrikam',
    name: 'Fabrikam Health — Data Protection Questionnaire',
    industryVertical: 'Healthcare',
    projectPriority: 'NORMAL',
    dueInDays: 0,
    createdBy: 'sales',
    salesManager: 'sales',
    imported: refs(`
      2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9 2.10 2.11 2.12 2.13 2.14
      8.2 8.4 8.5 8.7 10.3 10.4
    `),
    progress: { complete: 15, inProgress: 3, assignedOnly: 1 },
    assignees: ['demo', 'sales', 'security'],
  },
  {
    key: 'woodgrove',
    name: 'Woodgrove Insurance — Cloud Security Review',
    industryVertical: 'Insurance',
    projectPriority: 'LOW',
    dueInDays: 24,
    createdBy: 'demo',
    deliveryManager: 'delivery',
    imported: refs(`
      3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9 3.10 4.1 4.2 4.3 4.4 4.5
      4.6 4.7 4.8 4.9 4.10 7.2 7.3 7.8
    `),
    progress: { complete: 2, inProgress: 2, assignedOnly: 6 },
    assignees: ['security', 'delivery'],
  },
  {
    key: 'tailspin',
    name: 'Tailspin Toys — Supplier Onboarding',
    industryVertical: 'Consumer Goods',
    projectPriority: 'NORMAL',
    dueInDays: -12,
    createdBy: 'demo',
    closed: true,
    salesManager: 'sales',
    deal: {
      status: 'WON',
      value: 45000,
      outcome: 'PASSED',
      reason: 'Approved as a low-risk supplier; next review in twelve months.',
    },
    imported: refs(`
      1.1 1.2 1.3 2.1 2.5 2.6 2.7 3.1 4.2 5.3 6.1 6.2 7.1 7.6 9.1 9.4 10.1 10.2
    `),
    progress: { complete: 'all', inProgress: 0, assignedOnly: 0 },
    assignees: ['demo', 'sales', 'delivery'],
  },
];

/**
 * How the team classified the bank's answers: by the answer's position (Yes and informational
 * answers compliant, Partial partially compliant, No not compliant), except where a "No" is the
 * good answer or the question does not apply to the vendor.
 */
const COMPLIANT_NO = new Set(['1.8', '2.2', '2.12', '3.3', '8.7', '9.5', '11.5', '11.6']);
const NOT_APPLICABLE = new Set(['2.4', '2.5', '10.4']);

export function classificationOf(reference: string, answer: string): Classification {
  if (NOT_APPLICABLE.has(reference)) return 'NOT-APPLICABLE';
  if (/^Partial\b/.test(answer)) return 'PARTIALLY-COMPLIANT';
  if (/^No\b[.,:]/.test(answer) && !COMPLIANT_NO.has(reference)) return 'NON-COMPLIANT';
  return 'COMPLIANT';
}
