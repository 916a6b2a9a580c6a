/**
 * The live demo's sample project (/demo): Northwind Traders' vendor security assessment from the
 * demo workspace (scripts/local/demo/projects.ts), with eight of its questions answered from the
 * demo team's library (the CC0 answer bank, fill-ins applied). Kept in the bundle so the tour needs
 * no account data and shows the same thing on every stage; test/unit/demo-tour.test.ts checks it
 * still matches the demo workspace.
 */
import type { Classification } from '@shared/schemas/question';

export interface SampleQuestion {
  reference: string;
  section: string;
  question: string;
  answer: string;
  responseClassification: Classification;
}

export const SAMPLE_PROJECT = {
  /** The demo workspace's project key. */
  key: 'northwind',
  name: 'Northwind Traders — Vendor Security Assessment',
  industryVertical: 'Retail',
  priority: 'High Priority',
  /** As seeded: 26 questions (24 imported, 2 added by hand), 12 complete, 5 in progress. */
  totalQuestions: 26,
  complete: 12,
  inProgress: 5,
  contact: 'Pat Procurement, vendor.risk@northwind.example',
} as const;

export const SAMPLE_QUESTIONS: SampleQuestion[] = [
  {
    reference: '1.1',
    section: 'Company and scope',
    question: 'Who are you and what does the product do?',
    answer:
      'Demo Team Pty Ltd operates Demo Team Cloud, a hosted workflow platform for mid-sized finance and operations teams. It has been in production since 2019 and is used by around 240 customers in financial services, retail and logistics.',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '2.1',
    section: 'Data handling and privacy',
    question: 'What categories of customer data do you store?',
    answer:
      'We store: account details (name, email, company); content the customer uploads or writes into the product; support conversations; billing records (invoices and addresses, not card numbers); IP addresses and browser information.',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '2.7',
    section: 'Data handling and privacy',
    question: 'Is data encrypted in transit?',
    answer:
      'Yes. All traffic to the product is served over HTTPS with TLS, and plain HTTP is redirected. Service-to-service traffic inside our AWS network is also encrypted with TLS.',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '4.2',
    section: 'Access control',
    question: 'Is multi-factor authentication enforced on administrative accounts?',
    answer:
      'Yes. MFA is enabled on our AWS accounts, GitHub, the domain registrar, Google Workspace and Stripe.',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '5.3',
    section: 'Secure development',
    question: 'Do you scan dependencies for known vulnerabilities?',
    answer:
      'Yes. Dependencies are scanned by Dependabot and npm audit in CI on every build. Security updates are applied within seven days.',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '6.1',
    section: 'Backup and business continuity',
    question: 'Do you back up customer data, and how often?',
    answer:
      'Yes. The production database is backed up continuously by Amazon RDS, with point-in-time recovery over the last 35 days. Uploaded files are stored in Amazon S3, which is replicated across three availability zones.',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '9.1',
    section: 'Devices, endpoints and people',
    question: 'Are company devices encrypted?',
    answer:
      'Yes. Full-disk encryption is enabled on all devices used to access production systems or customer data (FileVault and BitLocker).',
    responseClassification: 'COMPLIANT',
  },
  {
    reference: '10.1',
    section: 'Certifications and compliance',
    question: 'Do you have a SOC 2 report?',
    answer:
      'No. We do not hold a SOC 2 report. At our current size the cost is not proportionate, and we have chosen to put that money into the product. We document our actual controls instead, which is what this response describes.',
    responseClassification: 'NON-COMPLIANT',
  },
];
