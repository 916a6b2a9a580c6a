/**
 * Projects end to end through the local gateway: create, list and page, read, update every field,
 * assign and unassign managers (with notification and e-mail), share privately (a member who is not
 * on the list sees nothing of it anywhere), compliance wording, close and reopen, manual questions,
 * and the dashboard aggregates following question changes through the table's stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person; // team owner: every permission
let manager: Person; // ROLE_MANAGER: creates projects, assigns managers
let member: Person; // ROLE_MEMBER: answers, adds questions, cannot create projects
let outsider: Person; // owner of another team

const as = (person: Person) => api.as(person.token);
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
async function mailTo(address: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${stack.mailUrl}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => e.destination.to.some((to) => to.includes(address)));
}

async function createProject(person: Person, name: string, extra: Record<string, unknown> = {}) {
  const response = await as(person).call('createProject', { body: { name, ...extra } });
  expect(response.status).toBe(200);
  return response.body.data as { projectId: string; version: number; dueOn: string };
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  admin = await register('ada@northwind.test', 'Northwind Security', { givenName: 'Ada', lastName: 'Admin' });
  [manager, member] = [
    await join(admin, 'max@northwind.test', 'ROLE_MANAGER', { givenName: 'Max', lastName: 'Manager' }),
    await join(admin, 'mia@northwind.test', 'ROLE_MEMBER', { givenName: 'Mia', lastName: 'Member' }),
  ];
  outsider = await register('olly@contoso.test', 'Contoso');
}, 120_000);
afterAll(() => resources.stopAll());

describe('create', () => {
  it('creates a TEAM project in progress, due in two weeks, with the creator as owner', async () => {
    // Act
    const response = await as(manager).call('createProject', {
      body: { name: '  Acme Vendor Assessment  ' },
    });
    // Assess
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Acme Vendor Assessment',
      dueOn: day(14),
      projectPriority: 'NORMAL',
      projectStatus: 'IN-PROGRESS',
      projectType: 'STANDARD',
      accessVisibility: 'TEAM',
      createdByUserId: manager.userId,
      version: 1,
    });
    const read = await as(member).call('getProject', { params: { projectId: response.body.data.projectId } });
    expect(read.body.data.name).toBe('Acme Vendor Assessment');
  });

  it('refuses short names, past due dates and callers without the create permission', async () => {
    // Act
    const short = await as(manager).call('createProject', { body: { name: ' ab ' } });
    const past = await as(manager).call('createProject', { body: { name: 'Past due', dueOn: day(-3) } });
    const bogus = await as(manager).call('createProject', {
      body: { name: 'Bad date', dueOn: '2031-02-30' },
    });
    const forbidden = await as(member).call('createProject', { body: { name: 'Not allowed' } });
    // Assess
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.name).toEqual(['Please provide a name for the project.']);
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors.dueOn).toEqual(['The due date cannot be in the past']);
    expect(bogus.status).toBe(400);
    expect(forbidden.status).toBe(403);
  });
  it('e-mails the admins who asked to hear of new projects, and nobody else', async () => {
    // Prepare
    const optIn = await as(admin).call('updateUserSettings', { body: { sendEmailOnProjectCreated: true } });
    expect(optIn.status).toBe(200);
    // Act
    await createProject(manager, 'Vandelay Industries Security Review');
    await stack.settle();
    // Assess
    await eventually(async () => {
      const subjects = (await mailTo(admin.email)).map((m) => m.subject);
      expect(subjects).toContain('New project: Vandelay Industries Security Review');
    });
    const others = [...(await mailTo(member.email)), ...(await mailTo(manager.email))].map((m) => m.subject);
    expect(others).not.toContain('New project: Vandelay Industries Security Review');
  });
});

describe('list', () => {
  it('pages open projects eight at a time, soonest due first, and keeps other teams out', async () => {
    // Prepare: a fresh team so earlier tests do not add rows.
    const { register } = people(stack, api);
    const owner = await register('paging@fabrikam.test', 'Fabrikam');
    for (let i = 0; i < 10; i++) await createProject(owner, `Questionnaire ${i}`, { dueOn: day(30 - i) });
    await createProject(outsider, 'Contoso only');
    // Act
    const first = await as(owner).call('listProjects', { query: { tab: 'open' } });
    const second = await as(owner).call('listProjects', {
      query: { tab: 'open', cursor: first.body.data.cursor },
    });
    const broken = await as(owner).call('listProjects', { query: { cursor: 'not-a-cursor' } });
    // Assess
    expect(first.body.data.items).toHaveLength(8);
    expect(first.body.data.items[0]).toMatchObject({ name: 'Questionnaire 9', dueOn: day(21) });
    expect(first.body.data.cursor).toEqual(expect.any(String));
    expect(second.body.data.items.map((p: { name: string }) => p.name)).toEqual([
      'Questionnaire 1',
      'Questionnaire 0',
    ]);
    const names = [...first.body.data.items, ...second.body.data.items].map((p: { name: string }) => p.name);
    expect(names).not.toContain('Contoso only');
    expect(broken.status).toBe(400);
    const panel = (await as(owner).call('getDashboardProjects')).body.data;
    expect(panel.map((p: { name: string }) => p.name)).toEqual(
      [9, 8, 7, 6, 5].map((i) => `Questionnaire ${i}`),
    );
    expect(first.body.data.total).toBe(10);
    expect(second.body.data.total).toBe(10);
    expect(second.body.data.cursor).toBeNull();
  });

  it('orders projects due the same day by name, whatever the order they were made in, and counts them', async () => {
    // Prepare: a fresh team; three due the same day, made out of name order; one due earlier.
    const { register } = people(stack, api);
    const owner = await register('same-day@fabrikam.test', 'Same Day Ltd');
    for (const name of ['zeta Review', 'Review 10', 'alpha review', 'Review 2']) {
      await createProject(owner, name, { dueOn: day(20) });
    }
    await createProject(owner, 'Later made, due first', { dueOn: day(10) });

    // Act
    const page = (await as(owner).call('listProjects', { query: { tab: 'open' } })).body.data;
    const again = (await as(owner).call('listProjects', { query: { tab: 'open' } })).body.data;
    const panel = (await as(owner).call('getDashboardProjects')).body.data;

    // Assess: due date, then name (case aside, numbers as numbers); the same every time.
    const expected = ['Later made, due first', 'alpha review', 'Review 2', 'Review 10', 'zeta Review'];
    expect(page.items.map((p: { name: string }) => p.name)).toEqual(expected);
    expect(again.items.map((p: { name: string }) => p.name)).toEqual(expected);
    expect(panel.map((p: { name: string }) => p.name)).toEqual(expected);
    expect(page.total).toBe(5);
    expect(page.cursor).toBeNull();
  });
});

describe('update', () => {
  it('changes one field or one group of fields at a time, trimmed, and counts versions', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Globex Security Review');
    const update = (body: Record<string, unknown>) =>
      as(manager).call('updateProject', { params: { projectId }, body });
    // Act
    const results = [
      await update({ name: '  Globex Security Review 2026 ' }),
      await update({ projectPriority: 'HIGH' }),
      await update({ industryVertical: 'Banking' }),
      await update({ dealStatus: 'WON' }),
      await update({ dueOn: day(40) }),
      await update({ projectOutcome: 'PASSED', projectOutcomeReason: 'Accepted without findings' }),
      await update({
        companyContactName: 'Grace Buyer',
        companyContactEmail: 'Grace.Buyer@Globex.test',
        companyContactPhone: '+61 2 9999 0000',
      }),
      await update({
        thirdPartyProjectUrl: 'portal.globex.test/q/42',
        thirdPartyProjectNotes: 'Pass code 1234',
      }),
    ];
    // Assess
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.at(-1)?.body.data).toMatchObject({
      name: 'Globex Security Review 2026',
      projectPriority: 'HIGH',
      industryVertical: 'Banking',
      dealStatus: 'WON',
      dueOn: day(40),
      projectOutcome: 'PASSED',
      projectOutcomeReason: 'Accepted without findings',
      companyContactName: 'Grace Buyer',
      companyContactEmail: 'grace.buyer@globex.test',
      companyContactPhone: '+61 2 9999 0000',
      thirdPartyProjectUrl: 'portal.globex.test/q/42',
      thirdPartyProjectNotes: 'Pass code 1234',
      version: 9,
    });
    const cleared = await update({ industryVertical: null });
    expect(cleared.body.data.industryVertical).toBeUndefined();
  });

  it('refuses mixed fields, bad values and a member without the permission', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Initech Questionnaire');
    const update = (person: Person, body: Record<string, unknown>) =>
      as(person).call('updateProject', { params: { projectId }, body });
    // Act
    const mixed = await update(manager, { name: 'Another name', projectPriority: 'LOW' });
    const empty = await update(manager, {});
    const email = await update(manager, { companyContactEmail: 'not-an-email' });
    const phone = await update(manager, { companyContactPhone: 'call me' });
    const portal = await update(manager, { thirdPartyProjectUrl: ' x ' });
    const industry = await update(manager, { industryVertical: 'Alchemy' });
    const byMember = await update(member, { name: 'Renamed by a member' });
    // Assess
    expect(mixed.status).toBe(400);
    expect(mixed.body.fieldErrors._).toEqual(['Send one field (or one group of fields) at a time']);
    expect(empty.status).toBe(400);
    expect(email.body.fieldErrors.companyContactEmail).toEqual(['Please provide a valid e-mail address']);
    expect(phone.body.fieldErrors.companyContactPhone).toEqual(['Please provide a valid phone number']);
    expect(portal.body.fieldErrors.thirdPartyProjectUrl).toEqual(['Provide a link to the Portal']);
    expect(industry.status).toBe(400);
    expect(byMember.status).toBe(403);
  });

  it('assigns a sales manager who is notified and e-mailed, and undoes only that assignment', async () => {
    // Prepare
    const { projectId } = await createProject(admin, 'Umbrella Due Diligence');
    // Act
    const assigned = await as(admin).call('updateProject', {
      params: { projectId },
      body: { salesManagerUserId: member.userId },
    });
    const stranger = await as(admin).call('updateProject', {
      params: { projectId },
      body: { deliveryManagerUserId: outsider.userId },
    });
    const notAllowed = await as(member).call('updateProject', {
      params: { projectId },
      body: { salesManagerUserId: member.userId },
    });
    // Assess
    expect(assigned.body.data.salesManagerUserId).toBe(member.userId);
    expect(stranger.status).toBe(400);
    expect(notAllowed.status).toBe(403);
    await eventually(async () => {
      const notifications = (await as(member).call('listNotifications')).body.data;
      expect(notifications.map((n: { title: string }) => n.title)).toContain(
        'You are now the sales manager of Umbrella Due Diligence',
      );
      const mail = await mailTo(member.email);
      expect(mail.map((m) => m.subject)).toContain('You are now the sales manager of Umbrella Due Diligence');
    });
    // A stale undo (naming someone no longer assigned) leaves the current assignment alone.
    const stale = await as(admin).call('unassignProject', {
      params: { projectId },
      body: { salesManagerUserId: manager.userId },
    });
    expect(stale.body.data.salesManagerUserId).toBe(member.userId);
    const undone = await as(admin).call('unassignProject', {
      params: { projectId },
      body: { salesManagerUserId: member.userId },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.data.salesManagerUserId).toBeUndefined();
  });

  it('sends no assignment e-mail to someone who turned it off', async () => {
    // Prepare
    const { projectId } = await createProject(admin, 'Hooli Renewal');
    const off = await as(manager).call('updateUserSettings', { body: { sendEmailOnProjectAssigned: false } });
    expect(off.status).toBe(200);
    const before = (await mailTo(manager.email)).length;
    // Act
    await as(admin).call('updateProject', {
      params: { projectId },
      body: { deliveryManagerUserId: manager.userId },
    });
    await stack.settle();
    // Assess: notified in the app, not by e-mail.
    const titles = (await as(manager).call('listNotifications')).body.data.map(
      (n: { title: string }) => n.title,
    );
    expect(titles).toContain('You are now the delivery manager of Hooli Renewal');
    expect(await mailTo(manager.email)).toHaveLength(before);
  });

  it('closes and reopens a project, moving it between the Open and Closed tabs', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Stark Industries SIG Lite', { dueOn: day(5) });
    const tab = async (name: 'open' | 'closed') => {
      const items = [];
      let cursor: string | undefined;
      do {
        const page = (await as(manager).call('listProjects', { query: { tab: name, cursor } })).body.data;
        items.push(...page.items);
        cursor = page.cursor ?? undefined;
      } while (cursor);
      return items.map((p: { projectId: string }) => p.projectId);
    };
    // Act
    const closed = await as(manager).call('updateProject', {
      params: { projectId },
      body: { projectStatus: 'COMPLETE' },
    });
    const whileClosed = { open: await tab('open'), closed: await tab('closed') };
    const reopened = await as(manager).call('updateProject', {
      params: { projectId },
      body: { projectStatus: 'IN-PROGRESS' },
    });
    // Assess
    expect(closed.body.data.projectStatus).toBe('COMPLETE');
    expect(whileClosed.open).not.toContain(projectId);
    expect(whileClosed.closed).toContain(projectId);
    expect(reopened.body.data.projectStatus).toBe('IN-PROGRESS');
    expect(await tab('open')).toContain(projectId);
    expect(await tab('closed')).not.toContain(projectId);
  });
});

describe('sharing', () => {
  it('hides a PRIVATE project from everyone not on its list, everywhere, with 404s', async () => {
    // Prepare
    const { projectId, version } = await createProject(manager, 'Wayne Enterprises Pen Test Review');
    const question = await as(manager).call('addQuestion', {
      params: { projectId },
      body: { question: 'Do you encrypt data at rest using AES-256?' },
    });
    const questionId = question.body.data.questionId;
    const shared = await as(manager).call('updateQuestion', {
      params: { projectId, questionId },
      body: { answer: 'Yes, with keys in a managed KMS.', includeInLibrary: true },
    });
    expect(shared.body.data.includeInLibrary).toBe(true);
    // Act: private to the manager (creator) and the admin; the member is left out.
    const access = await as(manager).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [admin.userId], version },
    });
    // Assess
    expect(access.status).toBe(200);
    expect(access.body.data).toMatchObject({ accessVisibility: 'PRIVATE', createdByUserId: manager.userId });
    expect(access.body.data.shareWith.sort()).toEqual([admin.userId, manager.userId].sort());
    // Answers of a PRIVATE project never feed the library.
    const listedQuestions = (await as(admin).call('listQuestions', { params: { projectId } })).body.data
      .items;
    expect(listedQuestions[0].includeInLibrary).toBe(false);
    const forced = await as(admin).call('updateQuestion', {
      params: { projectId, questionId },
      body: { includeInLibrary: true },
    });
    expect(forced.body.data.includeInLibrary).toBe(false);
    const hidden = [
      await as(member).call('getProject', { params: { projectId } }),
      await as(member).call('getProjectDashboard', { params: { projectId } }),
      await as(member).call('getProjectTeam', { params: { projectId } }),
      await as(member).call('getProjectAccess', { params: { projectId } }),
      await as(member).call('getComplianceOverrides', { params: { projectId } }),
      await as(member).call('listQuestions', { params: { projectId } }),
      await as(member).call('listManualQuestions', { params: { projectId } }),
      await as(member).call('updateProject', { params: { projectId }, body: { name: 'Taken over' } }),
      await as(outsider).call('getProject', { params: { projectId } }),
    ];
    expect(hidden.map((r) => r.status)).toEqual(Array(hidden.length).fill(404));
    const listed = (await as(member).call('listProjects')).body.data.items.map(
      (p: { projectId: string }) => p.projectId,
    );
    expect(listed).not.toContain(projectId);
    const panel = (await as(member).call('getDashboardProjects')).body.data.map(
      (p: { projectId: string }) => p.projectId,
    );
    expect(panel).not.toContain(projectId);
    expect((await as(admin).call('getProject', { params: { projectId } })).status).toBe(200);
    const team = (await as(admin).call('getProjectTeam', { params: { projectId } })).body.data;
    expect(team.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [admin.userId, manager.userId].sort(),
    );
    // A stale version is refused; the creator cannot be removed; TEAM opens it again.
    const stale = await as(manager).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'TEAM', shareWith: [], version },
    });
    expect(stale.status).toBe(409);
    const withoutCreator = await as(admin).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [] },
    });
    expect(withoutCreator.body.data.shareWith.sort()).toEqual([admin.userId, manager.userId].sort());
    const foreign = await as(admin).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [outsider.userId] },
    });
    expect(foreign.status).toBe(400);
    const open = await as(admin).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'TEAM', shareWith: [] },
    });
    expect(open.body.data).toMatchObject({ accessVisibility: 'TEAM', shareWith: [] });
    expect((await as(member).call('getProject', { params: { projectId } })).status).toBe(200);
  });
});

describe('compliance wording', () => {
  it('stores project wording and uses it for manual questions, falling back to the defaults', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Soylent Compliance Check');
    const added = await as(member).call('addQuestion', {
      params: { projectId },
      body: { question: 'Is multi-factor authentication enforced for all staff?' },
    });
    const other = await as(member).call('addQuestion', {
      params: { projectId },
      body: { question: 'Are backups tested for restoration every quarter?' },
    });
    await as(member).call('updateQuestion', {
      params: { projectId, questionId: added.body.data.questionId },
      body: { responseClassification: 'COMPLIANT', answer: 'Yes, through our identity provider.' },
    });
    await as(member).call('updateQuestion', {
      params: { projectId, questionId: other.body.data.questionId },
      body: { responseClassification: 'NOT-APPLICABLE' },
    });
    // Act
    const saved = await as(manager).call('updateComplianceOverrides', {
      params: { projectId },
      body: { overrides: { [projectId]: { compliant: ' Yes ', nonCompliant: 'No', notApplicable: '' } } },
    });
    const wrongLevel = await as(manager).call('updateComplianceOverrides', {
      params: { projectId },
      body: { overrides: { 'another-project': { compliant: 'Yes' } } },
    });
    const byMember = await as(member).call('updateComplianceOverrides', {
      params: { projectId },
      body: { overrides: { [projectId]: { compliant: 'Sure' } } },
    });
    // Assess
    expect(saved.body.data).toEqual({ [projectId]: { compliant: 'Yes', nonCompliant: 'No' } });
    expect(wrongLevel.status).toBe(400);
    expect(byMember.status).toBe(403);
    expect((await as(member).call('getComplianceOverrides', { params: { projectId } })).body.data).toEqual(
      saved.body.data,
    );
    const manual = (await as(member).call('listManualQuestions', { params: { projectId } })).body.data;
    expect(manual.map((q: { exportClassification: string }) => q.exportClassification)).toEqual([
      'Yes',
      'Not Applicable',
    ]);
  });
});

describe('questions and the dashboard', () => {
  it('adds questions by hand (more than 10 characters), trimmed', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Cyberdyne Questionnaire');
    // Act
    const short = await as(member).call('addQuestion', {
      params: { projectId },
      body: { question: '  Too short ' },
    });
    const added = await as(member).call('addQuestion', {
      params: { projectId },
      body: { question: '  Describe your incident response process.  ', referenceNumber: 'IR-1' },
    });
    // Assess
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.question).toEqual(['Please check the question']);
    expect(added.body.data).toMatchObject({
      question: 'Describe your incident response process.',
      referenceNumber: 'IR-1',
      creationType: 'MANUAL',
      responseStatus: 'INCOMPLETE',
      responseClassification: 'INCOMPLETE',
      isLinked: true,
    });
  });

  it('moves tiles, burndown, contributions and assignments as questions change', async () => {
    // Prepare: four questions, two assigned to the member.
    const { projectId } = await createProject(manager, 'Tyrell Vendor Risk', { dueOn: day(10) });
    const texts = [
      'Do you maintain an information security policy?',
      'Is customer data encrypted in transit with TLS 1.2 or later?',
      'Do you perform annual penetration tests by a third party?',
      'Are access reviews performed at least quarterly?',
    ];
    const ids: string[] = [];
    for (const question of texts) {
      ids.push(
        (await as(member).call('addQuestion', { params: { projectId }, body: { question } })).body.data
          .questionId,
      );
    }
    const change = (questionId: string, body: Record<string, unknown>) =>
      as(member).call('updateQuestion', { params: { projectId, questionId }, body });
    // Act
    expect((await change(ids[0], { assignedToUserId: member.userId })).status).toBe(200);
    await change(ids[1], { assignedToUserId: member.userId });
    await change(ids[0], { answer: 'Yes, reviewed yearly.', responseClassification: 'COMPLIANT' });
    await change(ids[0], { responseStatus: 'COMPLETE' });
    await change(ids[2], { responseClassification: 'PARTIALLY-COMPLIANT' });
    await change(ids[3], { responseClassification: 'NON-COMPLIANT', responseStatus: 'COMPLETE' });
    // Assess
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(dashboard.totalQuestions).toBe(4);
      expect(dashboard.compliant).toEqual({ quantity: 1, total: 4, percentage: 25 });
      expect(dashboard.partiallyCompliant.quantity).toBe(1);
      expect(dashboard.notCompliant.quantity).toBe(1);
      expect(dashboard.incompleteQuestions).toEqual({ quantity: 1, total: 4, percentage: 25 });
      expect(dashboard.notApplicable.quantity).toBe(0);
      expect(dashboard.completionProgress.at(-1)).toEqual({ day: day(0), remainingQuestions: 2 });
      expect(dashboard.minimumProgress[0]).toEqual({ day: day(0), remainingQuestions: 4 });
      expect(dashboard.minimumProgress.at(-1)).toEqual({ day: day(10), remainingQuestions: 0 });
      // 4 added by hand + 6 changes, all today.
      expect(dashboard.projectActivity).toEqual([{ day: day(0), totalActionsCount: 10 }]);
      expect(dashboard.questionAssignments).toEqual([
        {
          userId: member.userId,
          assignedQuestionsCount: 2,
          completedQuestionsCount: 1,
          status: 'IN-PROGRESS',
          lastUpdate: expect.any(String),
        },
        {
          userId: null,
          assignedQuestionsCount: 2,
          completedQuestionsCount: 1,
          status: 'IN-PROGRESS',
          lastUpdate: expect.any(String),
        },
      ]);
    });
    // Unassigning moves the question back to the unassigned row.
    await change(ids[1], { assignedToUserId: null });
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(
        dashboard.questionAssignments.map(
          (a: { assignedQuestionsCount: number }) => a.assignedQuestionsCount,
        ),
      ).toEqual([1, 3]);
    });
  });

  it('refuses a stale version and an assignee outside the project', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Massive Dynamic Review');
    const added = await as(member).call('addQuestion', {
      params: { projectId },
      body: { question: 'Do you have a documented business continuity plan?' },
    });
    const questionId = added.body.data.questionId;
    await as(member).call('updateQuestion', { params: { projectId, questionId }, body: { answer: 'Yes.' } });
    // Act
    const stale = await as(manager).call('updateQuestion', {
      params: { projectId, questionId },
      body: { answer: 'Overwrites the newer answer', version: 1 },
    });
    const foreign = await as(manager).call('updateQuestion', {
      params: { projectId, questionId },
      body: { assignedToUserId: outsider.userId },
    });
    const missing = await as(manager).call('updateQuestion', {
      params: { projectId, questionId: 'no-such-question' },
      body: { answer: 'Anyone there?' },
    });
    // Assess
    expect(stale.status).toBe(409);
    expect(foreign.status).toBe(400);
    expect(missing).toEqual({ status: 404, body: { message: 'That question no longer exists' } });
  });
});

describe('GET /api/dashboard/projects', () => {
  it('is refused to a signed-in user without a team', async () => {
    const { register } = people(stack, api);
    const loner = await register('loner@projects.test');
    const response = await as(loner).call('getDashboardProjects');
    expect(response.status).toBe(403);
  });
});

describe('live updates', () => {
  it('tells the team of a TEAM project, and only the people on a PRIVATE one', async () => {
    // Prepare
    const memberSocket = await connectLiveSocket(stack.appUrl, member.token, 'member-session');
    const adminSocket = await connectLiveSocket(stack.appUrl, admin.token, 'admin-session');
    resources.add(() => memberSocket.socket.close());
    resources.add(() => adminSocket.socket.close());
    const open = await createProject(manager, 'Aperture Science Questionnaire');
    const hidden = await createProject(manager, 'Black Mesa Confidential Review');
    await as(manager).call('updateProjectAccess', {
      params: { projectId: hidden.projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [admin.userId] },
    });
    await stack.settle();
    // Act
    await as(manager).call('updateProject', {
      params: { projectId: open.projectId },
      body: { projectPriority: 'HIGH' },
    });
    await as(manager).call('updateProject', {
      params: { projectId: hidden.projectId },
      body: { projectPriority: 'HIGH' },
    });
    await stack.settle();
    // Assess
    const about = (socket: typeof memberSocket, projectId: string) =>
      socket.received.filter((m) => m.eventName === 'PROJECT_UPDATED' && m.data.projectId === projectId);
    await memberSocket.waitFor(
      (m) => m.eventName === 'PROJECT_UPDATED' && m.data.projectId === open.projectId,
    );
    await adminSocket.waitFor(
      (m) => m.eventName === 'PROJECT_UPDATED' && m.data.projectId === hidden.projectId,
    );
    // The member heard of the hidden project only while it was still TEAM (its creation).
    const afterHiding = about(memberSocket, hidden.projectId).filter((m) => m.scope?.kind === 'user');
    expect(afterHiding).toEqual([]);
    memberSocket.socket.send(
      JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: hidden.projectId } }),
    );
    await memberSocket.waitFor((m) => m.eventName === 'WS-SUBSCRIBE-REFUSED');
    const count = about(memberSocket, hidden.projectId).length;
    await as(manager).call('updateProject', {
      params: { projectId: hidden.projectId },
      body: { projectPriority: 'LOW' },
    });
    await stack.settle();
    expect(about(memberSocket, hidden.projectId)).toHaveLength(count);
  });
});
