/**
 * The local stack's demo data (scripts/local/demo): the answer bank parses into its 11 sections and
 * 101 answered questions, its blanks are filled for the demo vendor, and every demo project picks
 * existing questions and ends up with the mix of states its dashboard is meant to show.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus, parseSection } from '../../scripts/local/demo/corpus';
import { fillAnswer } from '../../scripts/local/demo/fill-ins';
import { classificationOf, DEMO_PROJECTS, type Person } from '../../scripts/local/demo/projects';
import { libraryAnswers, projectQuestions, projectRecord } from '../../scripts/local/demo/seed';
import { ImportAnswerItem } from '../../shared/schemas/answer';

const corpus = loadCorpus();
const bank = new Map(
  corpus.flatMap((s) => s.questions.map((q) => [q.reference, { ...q, section: s.title }] as const)),
);

describe('the answer bank', () => {
  it('has 11 sections, in file order, with 101 questions that all have an answer and a position', () => {
    expect(corpus.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(corpus[0].title).toBe('Company and scope');
    expect(corpus[10].title).toBe('AI and automation');
    const questions = corpus.flatMap((s) => s.questions);
    expect(questions).toHaveLength(101);
    for (const q of questions) {
      expect(q.question, q.reference).toMatch(/\S{3}/);
      expect(q.answer.length, q.reference).toBeGreaterThan(20);
      expect(q.position, q.reference).not.toBeNull();
    }
    expect(new Set(questions.map((q) => q.reference)).size).toBe(101);
    expect(bank.get('4.2')?.question).toBe(
      'Is multi-factor authentication enforced on administrative accounts?',
    );
  });

  it('keeps the answer and leaves out the variants, the notes to the writer and the markdown', () => {
    const section = parseSection(
      [
        '# Access',
        'Intro text.',
        '---',
        '### Is MFA *enforced*?',
        '',
        '*Also asked as: "2FA?"*',
        '',
        '**Yes.** MFA is on for',
        'every account.',
        '',
        'See [the policy](policy.md) and `mfa.md`.',
        '',
        '> A note to the writer.',
        '',
        '---',
        '',
        '### Who can see data?',
        '**Partial** *(usually)*. A table:',
        '',
        '| a | b |',
        '|---|---|',
      ].join('\n'),
      4,
    );
    expect(section).toEqual({
      number: 4,
      title: 'Access',
      questions: [
        {
          reference: '4.1',
          question: 'Is MFA enforced?',
          answer: 'Yes. MFA is on for every account.\n\nSee the policy and mfa.md.',
          position: 'Yes',
        },
        {
          reference: '4.2',
          question: 'Who can see data?',
          answer: 'Partial (usually). A table:\n\n| a | b |\n|---|---|',
          position: 'Partial',
        },
      ],
    });
  });
});

describe('filling the blanks for the demo vendor', () => {
  it('fills from the facts and from the blank’s own example, and drops the bank’s markers', () => {
    expect(fillAnswer('9.9', bank.get('9.9')!.answer)).toBe(
      'Devices lock automatically when idle and are not left unattended in public spaces. We do not operate an office.',
    );
    expect(fillAnswer('2.5', bank.get('2.5')!.answer)).toMatch(/^No\. .*processed by Stripe, which/);
    // Of alternative answers the last one is kept, without its note on when it applies.
    expect(fillAnswer('5.2', bank.get('5.2')!.answer)).toMatch(/^Yes\. All changes are reviewed/);
  });

  it('gives up on an answer with a blank it cannot fill', () => {
    expect(fillAnswer('0.1', 'Info. We use [[ FILL IN: something nobody described ]].')).toBeNull();
    expect(fillAnswer('0.1', 'Yes. Reviewed every [[ FILL IN: e.g. <unknown placeholder> ]].')).toBeNull();
  });

  it('leaves no blank, placeholder or markdown in the answers it fills, and fills nearly all', () => {
    const filled = [...bank.values()].map((q) => fillAnswer(q.reference, q.answer)).filter((a) => a !== null);
    expect(filled.length).toBeGreaterThanOrEqual(95);
    for (const answer of filled) {
      expect(answer).not.toMatch(/\[\[|\]\]|FILL IN|<[a-z][^>]*>|\*\*|^Info\./);
      expect(answer).toMatch(/^[A-Z0-9].*[.)]$/s);
    }
  });
});

describe('the demo projects', () => {
  const who = (person: Person) => `user-${person}`;
  const today = new Date('2026-03-10T08:00:00Z');
  const built = DEMO_PROJECTS.map((plan) => {
    const project = projectRecord(plan, { teamId: 't', projectId: `p-${plan.key}` }, who, today);
    const questions = projectQuestions(plan, { ...project, createdAt: today.toISOString() }, bank, who);
    return { plan, project, questions };
  });

  it('are 4 to 6, one late, one due today, one due within a week, one due in weeks, one HIGH, one closed, one PRIVATE', () => {
    expect(built.length).toBeGreaterThanOrEqual(4);
    expect(built.length).toBeLessThanOrEqual(6);
    const open = built.filter((b) => b.project.projectStatus === 'IN-PROGRESS').map((b) => b.project.dueOn);
    expect(open).toContain('2026-03-07');
    expect(open).toContain('2026-03-10');
    expect(open.some((d) => d > '2026-03-10' && d <= '2026-03-17')).toBe(true);
    expect(open.some((d) => d > '2026-03-24')).toBe(true);
    expect(built.filter((b) => b.project.projectPriority === 'HIGH')).toHaveLength(1);
    expect(built.filter((b) => b.project.projectStatus === 'COMPLETE')).toHaveLength(1);
    const shared = built.filter((b) => b.project.accessVisibility === 'PRIVATE');
    expect(shared).toHaveLength(1);
    expect(shared[0].project.memberUserIds).toEqual(['user-demo', 'user-security']);
    expect(built.some((b) => b.project.thirdPartyProjectUrl && b.project.companyContactEmail)).toBe(true);
  });

  it('number each questionnaire by its sections and give every question a fixed, ordered id', () => {
    for (const { plan, questions } of built) {
      const ids = questions.map((q) => q.questionId);
      expect(new Set(ids).size, plan.key).toBe(ids.length);
      expect([...ids].sort(), plan.key).toEqual(ids);
      expect(new Set(questions.map((q) => q.referenceNumber)).size, plan.key).toBe(questions.length);
      expect(questions[0].referenceNumber).toBe('1.1');
      for (const q of questions) expect(q.sectionDescription).toBeTruthy();
    }
    const again = projectQuestions(
      DEMO_PROJECTS[0],
      { projectId: 'p-northwind', createdAt: today.toISOString() },
      bank,
      who,
    );
    expect(again).toEqual(built[0].questions);
  });

  it('end up with the planned mix of complete, in-progress, assigned and open questions', () => {
    for (const { plan, questions } of built) {
      const status = (s: string) => questions.filter((q) => q.work?.responseStatus === s).length;
      const complete = plan.progress.complete === 'all' ? questions.length : plan.progress.complete;
      expect(status('COMPLETE'), plan.key).toBe(complete);
      expect(status('IN-PROGRESS'), plan.key).toBe(plan.progress.inProgress);
      expect(
        questions.filter((q) => q.work && !q.work.responseStatus),
        plan.key,
      ).toHaveLength(plan.progress.assignedOnly);
      const allowed = new Set(plan.assignees.map(who));
      for (const q of questions) {
        if (q.work?.assignedToUserId) expect(allowed.has(q.work.assignedToUserId), plan.key).toBe(true);
      }
    }
    const classes = new Set(
      built.flatMap((b) => b.questions.map((q) => q.work?.responseClassification).filter(Boolean)),
    );
    expect([...classes].sort()).toEqual([
      'COMPLIANT',
      'INCOMPLETE',
      'NON-COMPLIANT',
      'NOT-APPLICABLE',
      'PARTIALLY-COMPLIANT',
    ]);
    const types = built.flatMap((b) => b.questions.map((q) => q.creationType));
    expect(types.filter((t) => t === 'MANUAL').length).toBeGreaterThanOrEqual(2);
  });

  it('classify an answer by its position, with the exceptions where No is the good answer', () => {
    expect(classificationOf('4.2', 'Yes. MFA is on.')).toBe('COMPLIANT');
    expect(classificationOf('4.5', 'Partial. Quarterly.')).toBe('PARTIALLY-COMPLIANT');
    expect(classificationOf('10.1', 'No. We do not hold a SOC 2 report.')).toBe('NON-COMPLIANT');
    expect(classificationOf('8.7', 'No. We do not sell customer data.')).toBe('COMPLIANT');
    expect(classificationOf('2.5', 'No. We do not store card numbers.')).toBe('NOT-APPLICABLE');
    expect(classificationOf('1.8', 'No AI system operates any part of our business.')).toBe('COMPLIANT');
  });
});

describe('the demo library', () => {
  it('holds the bank’s finished answers, each a valid library entry tagged with its section', () => {
    // Prepare
    const bank = loadCorpus().flatMap((section) =>
      section.questions.map((q) => ({ ...q, section: section.title })),
    );

    // Act
    const answers = libraryAnswers(bank);

    // Assess
    expect(answers.length).toBeGreaterThan(90);
    expect(answers.length).toBeLessThanOrEqual(bank.length);
    for (const answer of answers) {
      expect(answer.answer).not.toMatch(/\[\[|FILL IN/);
      expect(ImportAnswerItem.safeParse(answer).success, answer.question).toBe(true);
      expect(answer.tags).toHaveLength(1);
    }
    expect(new Set(answers.map((a) => a.tags[0])).size).toBe(11);
  });
});
