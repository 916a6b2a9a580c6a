/**
 * Demo data for the local stack: the demo team's members and a handful of customer questionnaires
 * (./projects.ts) built from the CC0 answer bank (./corpus.ts), so a newcomer who signs in as the
 * demo user finds a lived-in workspace. Runs once the stream's reactions are running: the questions
 * are written through the entities like any others, and the reactions build each dashboard's
 * aggregates from them. Idempotent: fixed ids, and only what is missing is created.
 */
import { createHash } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { db } from '../../../functions/common/entities';
import { ensureDocuments, type SeedDocument } from '../../../functions/documents/seed';
import { ensureInsights } from '../../../functions/insights/seed';
import { ensureLibrary, type SeedAnswer } from '../../../functions/library/seed';
import {
  ensureProject,
  ensureQuestions,
  type SeedProject,
  type SeedQuestion,
} from '../../../functions/projects/seed';
import { ensureInvites, ensureQuizzes } from '../../../functions/quizzes/seed';
import { pdfBytes } from '../../fixtures/pdf';
import { DEMO } from '../provision';
import { type CorpusQuestion, loadCorpus } from './corpus';
import { fillAnswer } from './fill-ins';
import { ensureDemoMembers, fixedId } from './members';
import { classificationOf, DEMO_PROJECTS, type DemoProject, type Person } from './projects';
import { demoQuizzes } from './quizzes';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small seeded generator (mulberry32), so every run picks the same questions for the same states. */
function random(seedText: string) {
  let seed = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], seedText: string): T[] {
  const next = random(seedText);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

/** Sortable like the API's question ids (creation time, then position), fixed for a project. */
const questionId = (createdAt: string, position: number, ...parts: string[]) =>
  `${Date.parse(createdAt).toString(36).padStart(9, '0')}${position.toString(36).padStart(4, '0')}${createHash(
    'sha256',
  )
    .update(parts.join('\u0000'))
    .digest('hex')
    .slice(0, 8)}`;

export function projectRecord(
  plan: DemoProject,
  ids: { teamId: string; projectId: string },
  who: (person: Person) => string,
  today = new Date(),
): SeedProject {
  const creator = who(plan.createdBy);
  const dueOn = new Date(Date.parse(today.toISOString().slice(0, 10)) + plan.dueInDays * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const record: SeedProject = {
    ...ids,
    name: plan.name,
    dueOn,
    projectPriority: plan.projectPriority,
    projectStatus: plan.closed ? 'COMPLETE' : 'IN-PROGRESS',
    accessVisibility: plan.privateTo ? 'PRIVATE' : 'TEAM',
    projectType: 'STANDARD',
    industryVertical: plan.industryVertical,
    createdByUserId: creator,
    updatedByUserId: creator,
  };
  if (plan.privateTo) record.memberUserIds = [...new Set([creator, ...plan.privateTo.map(who)])];
  if (plan.salesManager) record.salesManagerUserId = who(plan.salesManager);
  if (plan.deliveryManager) record.deliveryManagerUserId = who(plan.deliveryManager);
  if (plan.portal) {
    record.thirdPartyProjectUrl = plan.portal.url;
    if (plan.portal.notes) record.thirdPartyProjectNotes = plan.portal.notes;
  }
  if (plan.contact) {
    record.companyContactName = plan.contact.name;
    record.companyContactEmail = plan.contact.email;
    record.companyContactPhone = plan.contact.phone;
  }
  if (plan.deal) {
    record.dealStatus = plan.deal.status;
    if (plan.deal.value !== undefined) record.projectValue = plan.deal.value;
    if (plan.deal.outcome) record.projectOutcome = plan.deal.outcome;
    if (plan.deal.reason) record.projectOutcomeReason = plan.deal.reason;
  }
  if (plan.complianceWording) record.complianceWording = plan.complianceWording;
  return record;
}

/**
 * A project's questions: numbered as the customer's questionnaire (its sections in order of first
 * appearance), and a fixed, seeded choice of which are complete, in progress, assigned or open.
 */
export function projectQuestions(
  plan: DemoProject,
  project: { projectId: string; createdAt: string },
  bank: Map<string, CorpusQuestion & { section: string }>,
  who: (person: Person) => string,
): SeedQuestion[] {
  const entries = [
    ...plan.imported.map((ref) => ({ ref, creationType: 'IMPORTED' as const })),
    ...(plan.manual ?? []).map((ref) => ({ ref, creationType: 'MANUAL' as const })),
  ].map((entry) => {
    const source = bank.get(entry.ref);
    if (!source) throw new Error(`The answer bank has no question ${entry.ref} (project ${plan.key})`);
    return { ...entry, source, answer: fillAnswer(entry.ref, source.answer) };
  });

  const sections: string[] = [];
  const inSection = new Map<string, number>();
  const numbers = entries.map(({ source }) => {
    if (!sections.includes(source.section)) sections.push(source.section);
    const n = (inSection.get(source.section) ?? 0) + 1;
    inSection.set(source.section, n);
    return `${sections.indexOf(source.section) + 1}.${n}`;
  });

  const order = shuffled(
    entries.map((_, i) => i),
    `${plan.key}#states`,
  );
  const answerable = order.filter((i) => entries[i].answer !== null);
  const { progress } = plan;
  const completeCount = progress.complete === 'all' ? answerable.length : progress.complete;
  const complete = new Set(answerable.slice(0, completeCount));
  const inProgress = new Set(answerable.slice(completeCount, completeCount + progress.inProgress));
  const assignedOnly = new Set(
    order.filter((i) => !complete.has(i) && !inProgress.has(i)).slice(0, progress.assignedOnly),
  );

  let turn = 0;
  const nextAssignee = () => who(plan.assignees[turn++ % plan.assignees.length]);
  const creator = who(plan.createdBy);

  return entries.map(({ ref, creationType, source, answer }, i) => {
    const question: SeedQuestion = {
      questionId: questionId(project.createdAt, i, project.projectId, ref, creationType),
      question: source.question,
      referenceNumber: numbers[i],
      sectionDescription: source.section,
      creationType,
      createdByUserId: creator,
    };
    if (complete.has(i) && answer) {
      // Most finished questions were assigned to someone; a few were answered by whoever picked them up.
      const assignee = i % 4 === 3 ? undefined : nextAssignee();
      question.work = {
        answer,
        responseStatus: 'COMPLETE',
        responseClassification: classificationOf(ref, answer),
        updatedByUserId: assignee ?? creator,
        ...(assignee ? { assignedToUserId: assignee } : {}),
      };
    } else if (inProgress.has(i) && answer) {
      const assignee = nextAssignee();
      question.work = {
        answer,
        responseStatus: 'IN-PROGRESS',
        // Half the drafts are classified already.
        responseClassification: i % 2 === 0 ? classificationOf(ref, answer) : 'INCOMPLETE',
        assignedToUserId: assignee,
        updatedByUserId: assignee,
      };
    } else if (assignedOnly.has(i)) {
      question.work = { assignedToUserId: nextAssignee(), updatedByUserId: creator };
    }
    return question;
  });
}

/** The demo team's members and projects, created where missing; a demo user without a team gets none. */
export async function ensureDemoData(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  clientId: string,
) {
  const { data: users } = await db().entities.user.query.byEmail({ emailAddress: DEMO.email }).go();
  const demo = users.find((u) => u.teamId);
  if (!demo?.teamId) return;
  const teamId = demo.teamId;
  const members = await ensureDemoMembers(cognito, poolId, clientId, teamId);
  const who = (person: Person) => (person === 'demo' ? demo.userId : (members[person] ?? demo.userId));

  const corpus = loadCorpus();
  const bank = new Map(
    corpus.flatMap((section) =>
      section.questions.map((q) => [q.reference, { ...q, section: section.title }] as const),
    ),
  );
  for (const plan of DEMO_PROJECTS) {
    const ids = { teamId, projectId: fixedId('demo-project', teamId, plan.key) };
    const project = await ensureProject(projectRecord(plan, ids, who));
    await ensureQuestions(ids, projectQuestions(plan, project, bank, who));
  }
  await ensureLibrary(teamId, demo.userId, libraryAnswers(bank.values()));
  await ensureDocuments(teamId, demo.userId, await demoDocuments(teamId));
  await ensureInsights(teamId);
  const quizzes = demoQuizzes(corpus, {
    teamId,
    teamName: DEMO.teamName,
    userId: demo.userId,
    name: `${demo.givenName} ${demo.lastName}`,
    email: DEMO.email,
  });
  await ensureQuizzes(teamId, demo.userId, quizzes.templates);
  await ensureInvites(quizzes.invites);
}

/**
 * The evidence a security team keeps, as PDFs, each attached to the open questionnaires' questions
 * it supports (found by their wording). One certificate expires within the month and a
 * penetration test letter has lapsed, so the expiry notices and review flags show from the first start.
 */
async function demoDocuments(teamId: string): Promise<SeedDocument[]> {
  const questions = (
    await Promise.all(
      DEMO_PROJECTS.map(async (plan) => {
        const projectId = fixedId('demo-project', teamId, plan.key);
        const { data } = await db()
          .entities.question.query.primary({ teamId, projectId })
          .go({ pages: 'all' });
        return data;
      }),
    )
  ).flat();
  const supporting = (pattern: RegExp) =>
    questions
      .filter((q) => pattern.test(q.question))
      .slice(0, 6)
      .map((q) => ({ projectId: q.projectId, questionId: q.questionId }));
  const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const pdf = (title: string, lines: string[]) => pdfBytes([title, '', ...lines].join('\n'));
  return [
    {
      documentId: fixedId('demo-document', teamId, 'soc2'),
      documentName: 'SOC 2 Type II Report 2026',
      documentTypeId: 'SOC2_REPORT',
      fileName: 'SOC 2 Type II Report - period ending 30 June 2026.pdf',
      bytes: pdf('SOC 2 Type II Report', [
        'Independent service auditor report on controls relevant to security and availability.',
        'Period: 1 July 2025 to 30 June 2026. Opinion: unqualified.',
      ]),
      expiresOn: day(215),
      attachTo: supporting(/SOC ?2|audit|attest|third.party (review|assessment)/i),
    },
    {
      documentId: fixedId('demo-document', teamId, 'iso27001'),
      documentName: 'ISO 27001 Certificate',
      documentTypeId: 'ISO27001_CERTIFICATE',
      fileName: 'ISO-IEC 27001-2022 certificate.pdf',
      bytes: pdf('Certificate of Registration', [
        'Information security management system conforming to ISO/IEC 27001:2022.',
        'Scope: the development and operation of the questionnaire workspace platform.',
      ]),
      expiresOn: day(21),
      attachTo: supporting(/ISO|certif|information security (program|management)/i),
    },
    {
      documentId: fixedId('demo-document', teamId, 'pentest'),
      documentName: 'Penetration Test Summary 2025',
      documentTypeId: 'PENETRATION_TEST',
      fileName: 'Penetration test executive summary 2025.pdf',
      bytes: pdf('Penetration Test - Executive Summary', [
        'External and authenticated application testing, November 2025.',
        'No critical or high findings open; two medium findings remediated and retested.',
      ]),
      // A year's letter that lapsed days ago: the questions citing it show as up for review.
      expiresOn: day(-4),
      attachTo: supporting(/penetration|pen test|vulnerabilit/i),
    },
    {
      documentId: fixedId('demo-document', teamId, 'policy'),
      documentName: 'Information Security Policy v4.2',
      documentTypeId: 'SECURITY_POLICY',
      fileName: 'Information Security Policy v4.2.pdf',
      bytes: pdf('Information Security Policy', [
        'Version 4.2, approved by the executive team. Reviewed every year.',
        'Covers access control, encryption, logging, incident response and supplier security.',
      ]),
      attachTo: supporting(/polic(y|ies)/i),
    },
    {
      documentId: fixedId('demo-document', teamId, 'insurance'),
      documentName: 'Cyber Insurance Certificate',
      documentTypeId: 'INSURANCE_CERTIFICATE',
      fileName: 'Cyber liability insurance certificate.pdf',
      bytes: pdf('Certificate of Insurance', ['Cyber liability and technology errors and omissions cover.']),
      expiresOn: day(140),
      attachTo: supporting(/insurance|liabilit/i),
    },
  ];
}

/** The answer bank's finished answers as the demo team's library, tagged with their section. */
export function libraryAnswers(bank: Iterable<CorpusQuestion & { section: string }>): SeedAnswer[] {
  const answers: SeedAnswer[] = [];
  for (const q of bank) {
    const answer = fillAnswer(q.reference, q.answer);
    if (!answer) continue;
    answers.push({
      question: q.question,
      answer,
      // A tag holds no commas or semicolons (they separate tags).
      tags: [q.section.replace(/\s*[,;]\s*/g, ' / ')],
      responseClassification: classificationOf(q.reference, answer),
    });
  }
  return answers;
}
