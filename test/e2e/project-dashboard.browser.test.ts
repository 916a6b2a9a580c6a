/**
 * The project dashboard in the browser (issue 10, "Done when"): the demo admin opens a new project
 * on its welcome route, edits every detail field through the UI, shares it privately with one
 * colleague (a third member then gets 404 for it through the API, does not see it in the list and
 * sees "Project not found" in the browser), sets the compliance wording, closes and reopens it, and
 * watches tiles, burndown and assignments move on the open dashboard, without a reload, as
 * questions are added and answered through the API and through the Add Question dialog.
 * Screenshots (1440 and 375 px wide, every dialog) go to a folder under the system temp directory.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, signInLive } from './support';

const SHOTS = process.env.DASHBOARD_SHOTS ?? join(tmpdir(), 'project-dashboard-shots');
const COLLEAGUE = { email: 'casey.colleague@example.com', givenName: 'Casey', lastName: 'Colleague' };
const OUTSIDER = { email: 'olly.outsider@example.com', givenName: 'Olly', lastName: 'Outsider' };
const NAME = 'Acme Corp vendor security review';
const RENAMED = 'Acme Corp security review 2026';

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();
let demoToken: string;
const ids: Record<'demo' | 'colleague' | 'outsider', string> = { demo: '', colleague: '', outsider: '' };

/** A member of the demo team (role Member), through invitation, sign-up, registration and acceptance. */
async function joinDemoTeam(person: typeof COLLEAGUE, roleCode: string): Promise<string> {
  const [roles, groups] = await Promise.all([
    api.call('getRoles', { token: demoToken }),
    api.call('getGroups', { token: demoToken }),
  ]);
  const invite = await api.call('inviteMember', {
    token: demoToken,
    body: {
      emailAddress: person.email,
      groupId: groups.body.data[0].groupId,
      roleId: roles.body.data.find((r: { code: string }) => r.code === roleCode).roleId,
    },
  });
  expect(invite.status).toBe(200);
  await stack.signUp(person.email);
  const token = await stack.signIn(person.email);
  const registered = await api.call('registerUser', {
    token,
    body: { givenName: person.givenName, lastName: person.lastName, emailAddress: person.email },
  });
  expect(registered.status).toBe(200);
  const accepted = await api.call('respondToInvitation', {
    params: { membershipId: invite.body.data.membershipId },
    token,
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  return registered.body.data.userId;
}

beforeAll(async () => {
  assertSpaBuilt();
  mkdirSync(SHOTS, { recursive: true });
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  demoToken = await stack.signIn(DEMO.email, DEMO.password);
  ids.demo = (await api.call('getUser', { token: demoToken })).body.data.userId;
  ids.colleague = await joinDemoTeam(COLLEAGUE, 'ROLE_MEMBER');
  ids.outsider = await joinDemoTeam(OUTSIDER, 'ROLE_MEMBER');
});

afterAll(() => resources.stopAll());

async function shot(page: Page, name: string, fullPage = false) {
  // Let dialogs and menus finish their opening transition first.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** Signs in through the UI; resolves once the page's websocket is authorized (live events flow). */
const signIn = (email: string, password: string, width = 1440) =>
  signInLive(browser, stack.appUrl, email, password, { width, height: 900 });

const project = async (projectId: string, token = demoToken) =>
  api.call('getProject', { params: { projectId }, token });

/** A status tile's accessible name, e.g. 'Incomplete: 3 of 4 questions, 75%'. */
const tile = (page: Page, heading: string) =>
  page.getByRole('region', { name: 'Question status' }).getByLabel(new RegExp(`^${heading}: `));

async function pick(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** A day as the date picker names its buttons: '8 December 2026'. */
const dayLabel = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};

async function manage(page: Page, item: string) {
  await page.getByRole('button', { name: 'Manage Project' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('project dashboard', () => {
  it('walks a new project from welcome to closed and reopened, with live tiles, burndown and assignments', async () => {
    const created = await api.call('createProject', { token: demoToken, body: { name: NAME } });
    expect(created.status).toBe(200);
    const projectId: string = created.body.data.projectId;
    const dashboardUrl = `${stack.appUrl}/Projects/${projectId}`;

    // Welcome to your Project, on the welcome route; closing it goes to the dashboard.
    const page = await signIn(DEMO.email, DEMO.password);
    let reloaded = false;
    await page.goto(`${dashboardUrl}/welcome`);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && !frame.url().startsWith(dashboardUrl)) reloaded = true;
    });
    const welcome = page.getByRole('dialog', { name: 'Welcome to your Project' });
    await welcome.waitFor();
    await page.waitForFunction((name) => document.title === name, NAME);
    await shot(page, 'dialog-welcome-1440');
    await welcome.getByRole('button', { name: 'Go to the dashboard' }).click();
    await page.waitForURL(dashboardUrl);
    await welcome.waitFor({ state: 'hidden' });

    // No questions yet: the empty texts.
    await page.getByText('There is no progress, yet.').waitFor();
    await page.getByText('Currently, there are no questions in the project').waitFor();
    await expect
      .poll(() => tile(page, 'Incomplete').getAttribute('aria-label'))
      .toBe('Incomplete: 0 of 0 questions, 0%');
    await shot(page, 'dashboard-empty-1440', true);

    // The name: Escape cancels, an empty name is ignored, Enter saves the trimmed text.
    const name = page.getByRole('textbox', { name: 'Project Name' });
    await name.fill('Something else');
    await name.press('Escape');
    await expect.poll(() => name.inputValue()).toBe(NAME);
    await name.fill('   ');
    await name.press('Enter');
    await expect.poll(() => name.inputValue()).toBe(NAME);
    await name.fill(`  ${RENAMED}  `);
    await name.press('Enter');
    await page.getByRole('heading', { level: 1, name: RENAMED }).waitFor();
    await page.waitForFunction((title) => document.title === title, RENAMED);
    expect((await project(projectId)).body.data.name).toBe(RENAMED);

    // Managers: assigning offers Undo, which removes the assignment again.
    await pick(page, 'Sales Manager', /^Casey Colleague/);
    await page.getByText('Casey Colleague is now the Sales Manager').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await eventually(async () =>
      expect((await project(projectId)).body.data.salesManagerUserId).toBeUndefined(),
    );
    await pick(page, 'Sales Manager', /^Casey Colleague/);
    await page.getByText('Casey Colleague is now the Sales Manager').waitFor();
    await pick(page, 'Delivery Manager', /^Demo User/);
    await page.getByText('Demo User is now the Delivery Manager').waitFor();

    // Industry, priority, deal status: each saved on its own.
    await pick(page, 'Industry', 'Banking');
    await pick(page, 'Priority', 'High');
    await pick(page, 'Deal Status', 'Won');
    await page.locator('header').getByText('High Priority', { exact: true }).waitFor();

    // The due date: a day next to the current one, from the picker.
    const dueOn: string = created.body.data.dueOn;
    const next = new Date(`${dueOn}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    if (next.toISOString().slice(5, 7) !== dueOn.slice(5, 7)) next.setUTCDate(next.getUTCDate() - 2);
    const newDue = next.toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Due Date' }).click();
    await page.getByRole('button', { name: dayLabel(newDue), exact: true }).click();
    await eventually(async () =>
      expect((await project(projectId)).body.data).toMatchObject({
        salesManagerUserId: ids.colleague,
        deliveryManagerUserId: ids.demo,
        industryVertical: 'Banking',
        projectPriority: 'HIGH',
        dealStatus: 'WON',
        dueOn: newDue,
      }),
    );

    // Business contact: the e-mail and phone are checked before saving.
    const contact = page.getByRole('region', { name: 'Business Contact' });
    await contact.getByRole('button', { name: 'Add contact' }).click();
    await contact.getByLabel('Name').fill('Jordan Lee');
    await contact.getByLabel('E-mail').fill('jordan@');
    await contact.getByLabel('Phone').fill('12');
    await contact.getByLabel('Name').click();
    await contact.getByText('Please provide a valid e-mail address').waitFor();
    await contact.getByText('Please provide a valid phone number').waitFor();
    expect(await contact.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await shot(page, 'details-contact-invalid-1440');
    await contact.getByLabel('E-mail').fill('Jordan.Lee@Acme.example');
    await contact.getByLabel('Phone').fill('+61 2 9876 5432');
    await contact.getByRole('button', { name: 'Save' }).click();
    await contact.getByRole('link', { name: 'jordan.lee@acme.example' }).waitFor();

    // Outcome with its reason.
    const outcomes = page.getByRole('region', { name: 'Outcomes' });
    await outcomes.getByRole('button', { name: 'Record outcome' }).click();
    await outcomes.getByText('Passed review').click();
    await outcomes.getByLabel('Reason').fill('Accepted with one follow-up on key rotation');
    await outcomes.getByRole('button', { name: 'Save' }).click();
    await outcomes.getByText('Accepted with one follow-up on key rotation').waitFor();

    // Tags: comma and Enter separate them.
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.pressSequentially('SOC 2,');
    await tags.pressSequentially('Vendor risk');
    await tags.press('Enter');
    await eventually(async () => {
      const listed = await api.call('listResourceTags', {
        params: { resourceId: projectId },
        token: demoToken,
      });
      expect(listed.body.data.map((t: { tagLabel: string }) => t.tagLabel).sort()).toEqual([
        'SOC 2',
        'Vendor risk',
      ]);
    });

    // Portal link: https:// is added to a link without a scheme.
    await manage(page, 'Add Portal Link');
    const portal = page.getByRole('dialog', { name: 'Update Portal Details' });
    await portal.getByLabel('Portal Link').fill('  ');
    await portal.getByLabel('Notes').click();
    await portal.getByText('Provide a link to the Portal').waitFor();
    await portal.getByLabel('Portal Link').fill('portal.acme.example/assessments/42');
    await portal.getByLabel('Notes').fill('Pass code 1234');
    await shot(page, 'dialog-portal-1440');
    await portal.getByRole('button', { name: 'Save' }).click();
    await portal.waitFor({ state: 'hidden' });
    const launch = page.getByRole('link', { name: 'Launch External Portal' });
    await expect.poll(() => launch.getAttribute('href')).toBe('https://portal.acme.example/assessments/42');
    await expect.poll(() => launch.getAttribute('target')).toBe('_blank');
    await page.getByRole('region', { name: 'External Portal' }).getByText('Pass code 1234').waitFor();
    expect((await project(projectId)).body.data).toMatchObject({
      companyContactName: 'Jordan Lee',
      companyContactEmail: 'jordan.lee@acme.example',
      companyContactPhone: '+61 2 9876 5432',
      projectOutcome: 'PASSED',
      projectOutcomeReason: 'Accepted with one follow-up on key rotation',
      thirdPartyProjectUrl: 'portal.acme.example/assessments/42',
      thirdPartyProjectNotes: 'Pass code 1234',
    });

    // Manage Compliance: the product defaults are the placeholders; the project's wording is saved.
    await manage(page, 'Manage Compliance');
    const compliance = page.getByRole('dialog', { name: 'Manage Compliance' });
    const compliant = compliance.getByRole('textbox', { name: 'Compliant', exact: true });
    await compliant.waitFor();
    await expect.poll(() => compliant.getAttribute('placeholder')).toBe('Compliant');
    await expect.poll(() => compliance.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await compliant.fill('Meets requirement');
    await compliance.getByRole('textbox', { name: 'Non-Compliant' }).fill('Gap identified');
    await shot(page, 'dialog-compliance-1440');
    await compliance.getByRole('button', { name: 'Save' }).click();
    await compliance.waitFor({ state: 'hidden' });
    const wording = await api.call('getComplianceOverrides', { params: { projectId }, token: demoToken });
    expect(wording.body.data[projectId]).toMatchObject({
      compliant: 'Meets requirement',
      nonCompliant: 'Gap identified',
    });

    // Sharing Settings: private to one colleague. Owner and You cannot be removed; Save only on a change.
    await manage(page, 'Manage Access');
    const sharing = page.getByRole('dialog', { name: 'Sharing Settings' });
    const save = sharing.getByRole('button', { name: 'Save' });
    await save.waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await sharing.getByText('Private', { exact: true }).click();
    const people = sharing.getByRole('list', { name: 'People with access' });
    await people.getByText('Owner').waitFor();
    await people.getByText('You').waitFor();
    expect(await people.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await sharing.getByRole('combobox', { name: 'Add people' }).click();
    await page.getByRole('option', { name: 'Casey Colleague' }).click();
    await people.getByRole('button', { name: 'Remove Casey Colleague' }).waitFor();
    await shot(page, 'dialog-sharing-1440');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await sharing.waitFor({ state: 'hidden' });
    await page.locator('header').getByText('Private', { exact: true }).waitFor();

    const colleagueToken = await stack.signIn(COLLEAGUE.email, TEST_PASSWORD);
    const outsiderToken = await stack.signIn(OUTSIDER.email, TEST_PASSWORD);
    expect((await project(projectId, colleagueToken)).status).toBe(200);
    expect((await project(projectId, outsiderToken)).status).toBe(404);
    expect(
      (await api.call('getProjectDashboard', { params: { projectId }, token: outsiderToken })).status,
    ).toBe(404);
    const outsiderList = await api.call('listProjects', { token: outsiderToken, query: { tab: 'open' } });
    expect(outsiderList.status).toBe(200);
    expect(outsiderList.body.data.items.map((p: { projectId: string }) => p.projectId)).not.toContain(
      projectId,
    );
    const colleagueList = await api.call('listProjects', { token: colleagueToken, query: { tab: 'open' } });
    expect(colleagueList.body.data.items.map((p: { projectId: string }) => p.projectId)).toContain(projectId);

    // The outsider sees a clear not-found state in the browser, not a crash.
    const outsider = await signIn(OUTSIDER.email, TEST_PASSWORD);
    await outsider.goto(dashboardUrl);
    await outsider.getByText('Project not found').waitFor();
    await outsider.getByText('This project does not exist, or it has not been shared with you.').waitFor();
    await shot(outsider, 'dashboard-not-found-1440');
    await outsider.context().close();

    // Live: questions added and answered through the API move the open dashboard, without a reload.
    const added: string[] = [];
    for (const text of [
      'Do you encrypt customer data at rest?',
      'Do you run annual penetration tests?',
      'Is multi-factor authentication enforced?',
      'Do you keep an asset inventory?',
    ]) {
      const question = await api.call('addQuestion', {
        params: { projectId },
        token: demoToken,
        body: { question: text },
      });
      expect(question.status).toBe(200);
      added.push(question.body.data.questionId);
    }
    await eventually(
      async () =>
        expect(await tile(page, 'Incomplete').getAttribute('aria-label')).toBe(
          'Incomplete: 4 of 4 questions, 100%',
        ),
      { timeoutMs: 20_000 },
    );
    await page.getByText('All the questions are currently unassigned').waitFor();
    await page.getByText(/^4 remaining of 4$/).waitFor();

    const answer = async (questionId: string, body: Record<string, unknown>) => {
      const updated = await api.call('updateQuestion', {
        params: { projectId, questionId },
        token: demoToken,
        body,
      });
      expect(updated.status).toBe(200);
    };
    await answer(added[0], {
      responseClassification: 'COMPLIANT',
      responseStatus: 'COMPLETE',
      assignedToUserId: ids.demo,
    });
    await answer(added[1], {
      responseClassification: 'NON-COMPLIANT',
      responseStatus: 'COMPLETE',
      assignedToUserId: ids.demo,
    });
    await answer(added[2], { assignedToUserId: ids.colleague });
    await eventually(
      async () => {
        expect(await tile(page, 'Compliant').getAttribute('aria-label')).toBe(
          'Compliant: 1 of 4 questions, 25%',
        );
        expect(await tile(page, 'Not Compliant').getAttribute('aria-label')).toBe(
          'Not Compliant: 1 of 4 questions, 25%',
        );
        expect(await tile(page, 'Incomplete').getAttribute('aria-label')).toBe(
          'Incomplete: 2 of 4 questions, 50%',
        );
      },
      { timeoutMs: 20_000 },
    );
    await page.getByText(/^2 remaining of 4$/).waitFor();
    const assignments = page.getByRole('region', { name: 'Question Assignments' });
    const demoRow = assignments.getByRole('row').filter({ hasText: 'Demo User' });
    await eventually(async () =>
      expect(await demoRow.getByRole('cell').allTextContents()).toEqual([
        expect.stringContaining('Demo User'),
        '2',
        '2',
        '',
        'Complete',
        expect.any(String),
      ]),
    );
    const colleagueRow = assignments.getByRole('row').filter({ hasText: 'Casey Colleague' });
    // Each assignment moves the aggregates from the stream on its own: wait for this one too.
    await eventually(async () =>
      expect((await colleagueRow.getByRole('cell').allTextContents()).slice(0, 5)).toEqual([
        expect.stringContaining('Casey Colleague'),
        '1',
        '0',
        '',
        'No Progress',
      ]),
    );
    await assignments.getByRole('link', { name: 'View 1 unassigned question' }).waitFor();
    // The tile links open question answering filtered by their status.
    await expect
      .poll(() => tile(page, 'Compliant').getAttribute('href'))
      .toBe(`/Projects/${projectId}/start?status=COMPLIANT`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Open Questionnaire' }).getAttribute('href'))
      .toBe(`/Projects/${projectId}/start`);
    expect(reloaded).toBe(false);
    await shot(page, 'dashboard-live-1440', true);

    // Add a question through the dialog: the text must be longer than 10 characters.
    await manage(page, 'Add Questions');
    const choice = page.getByRole('dialog', { name: 'Add Questions' });
    await shot(page, 'dialog-add-questions-1440');
    await choice.getByText('Add a question').click();
    const addQuestion = page.getByRole('dialog', { name: 'Add a Question' });
    const text = addQuestion.getByRole('textbox', { name: 'Question' });
    await text.fill('  Too short  ');
    await text.blur();
    await addQuestion.getByText('Please check the question').waitFor();
    expect(await addQuestion.getByRole('button', { name: 'Add Question' }).isDisabled()).toBe(true);
    await shot(page, 'dialog-add-question-1440');
    await text.fill('Do you review access rights every quarter?');
    await addQuestion.getByRole('button', { name: 'Add Question' }).click();
    await addQuestion.waitFor({ state: 'hidden' });
    await eventually(async () =>
      expect(await tile(page, 'Incomplete').getAttribute('aria-label')).toBe(
        'Incomplete: 3 of 5 questions, 60%',
      ),
    );

    // The narrow layout: stacked, Tags hidden.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('region', { name: 'Tags' }).waitFor({ state: 'hidden' });
    await shot(page, 'dashboard-375', true);
    await manage(page, 'Manage Access');
    await page.getByRole('dialog', { name: 'Sharing Settings' }).getByText('Owner').waitFor();
    await shot(page, 'dialog-sharing-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Close (toast, then the project list) and re-open (toast).
    await manage(page, 'Close Project');
    const closeDialog = page.getByRole('dialog', { name: 'Close Project' });
    await shot(page, 'dialog-close-1440');
    await closeDialog.getByRole('button', { name: 'Close Project' }).click();
    await page.getByText('The project has been closed successfully!').waitFor();
    await page.waitForURL(`${stack.appUrl}/Projects`);
    expect((await project(projectId)).body.data.projectStatus).toBe('COMPLETE');
    await page.goto(dashboardUrl);
    await page.locator('header').getByText('Closed', { exact: true }).waitFor();
    await manage(page, 'Re-open Project');
    const reopen = page.getByRole('dialog', { name: 'Re-open Project' });
    await shot(page, 'dialog-reopen-1440');
    await reopen.getByRole('button', { name: 'Re-open Project' }).click();
    await page.getByText('The project has been opened successfully!').waitFor();
    expect((await project(projectId)).body.data.projectStatus).toBe('IN-PROGRESS');
    await shot(page, 'dashboard-1440', true);
  }, 300_000);
});
