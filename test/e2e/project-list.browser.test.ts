/**
 * The project list, the Create Project dialog, the home Active Projects panel and My Settings in
 * the browser, against the local stack (spec 001 §2, spec 000 §2.9, spec 002 §2.6). A team owner
 * creates a project through the dialog (the name rule, the failure that keeps the dialog open) and
 * lands on its welcome route; the list shows it first on Open, pages past 8 projects with the page
 * count and the number of projects, orders projects due the same day by name, and shows a closed
 * project on Closed; the home panel shows it; e-mail switches save and survive a reload. A
 * member without the create permission sees neither the New Project button nor the admin switch.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_NAME_MESSAGE } from '../../shared/schemas/project';
import { formatCalendarDate } from '../../web/src/lib/dates';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, newPage, shot, waitForTitle } from './support';

const OWNER = { email: 'olivia.owner@northwind.test', givenName: 'Olivia', lastName: 'Owner' };
const MEMBER = { email: 'morgan.member@northwind.test', givenName: 'Morgan', lastName: 'Member' };
const NEW_PROJECT = 'Contoso vendor security review';
/** Projects made in set-up, due later than the new one: with it, 10 open projects (two pages). */
const SETUP_OPEN = 9;
const CLOSED_PROJECT = 'Fabrikam closed assessment';

let stack: TestStack;
let browser: Browser;
let api: ApiClient;
let owner: Person;
let member: Person;
let newProjectId = '';
const resources = new Resources();

/** A local calendar day, YYYY-MM-DD, `offset` days from today (the browser runs in the same zone). */
function localDay(offset: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const names = ({ givenName, lastName }: { givenName: string; lastName: string }) => ({ givenName, lastName });

/** How the date picker names a day: '22 November 2026'. */
function dayLabel(offset: number): string {
  const [year, month, day] = localDay(offset).split('-').map(Number);
  return new Date(year, month - 1, day).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack({ seed: false }), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register(OWNER.email, 'Northwind Security', names(OWNER));
  member = await join(owner, MEMBER.email, 'ROLE_MEMBER', names(MEMBER));
  const as = api.as(owner.token);
  for (let i = 1; i <= SETUP_OPEN; i++) {
    const created = await as.call('createProject', {
      body: { name: `Set-up project ${i}`, dueOn: localDay(30 + i), projectPriority: 'LOW' },
    });
    expect(created.status).toBe(200);
  }
  const closed = await as.call('createProject', { body: { name: CLOSED_PROJECT, dueOn: localDay(5) } });
  const { projectId } = closed.body.data;
  expect(
    (await as.call('updateProject', { params: { projectId }, body: { dueOn: localDay(-3) } })).status,
  ).toBe(200);
  expect(
    (await as.call('updateProject', { params: { projectId }, body: { projectStatus: 'COMPLETE' } })).status,
  ).toBe(200);
}, 180_000);
afterAll(() => resources.stopAll());

async function signIn(email: string, width = 1280): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width, height: 860 });
  await page.goto(`${stack.appUrl}/login`);
  await page.getByLabel('Work Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${stack.appUrl}/`);
  return page;
}

/** Makes every API call of this page fail (the gateway's chaos flag) until `off` is called. */
async function failCalls(page: Page): Promise<{ off: () => Promise<void> }> {
  await page.evaluate(() => localStorage.setItem('chaos', 'fail'));
  return { off: () => page.evaluate(() => localStorage.removeItem('chaos')) };
}

describe('project list', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signIn(OWNER.email);
  });

  it('creates a project through the dialog: Create waits for a valid name, a failure keeps it open', async () => {
    await page.goto(`${stack.appUrl}/Projects`);
    await waitForTitle(page, 'Projects');
    await page.getByRole('link', { name: 'New Project', exact: true }).click();
    await page.waitForURL(`${stack.appUrl}/Projects/Create`);
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await dialog.waitFor();
    await expect.poll(() => create.isDisabled()).toBe(true);

    const name = dialog.getByLabel('Project Name');
    await name.fill('  ab  ');
    await name.blur();
    await dialog.getByText(PROJECT_NAME_MESSAGE).waitFor();
    expect(await create.isDisabled()).toBe(true);
    await shot(page, 'project-create-invalid');

    // The due date defaults to two weeks ahead; today can be picked, yesterday cannot.
    const dueDate = dialog.getByLabel('Due Date');
    await expect.poll(() => dueDate.textContent()).toBe(formatCalendarDate(localDay(14)));
    await dueDate.click();
    const dayButton = (offset: number) =>
      page.getByRole('button', { name: dayLabel(offset), exact: true }).first();
    await dayButton(14).waitFor();
    await expect.poll(() => dayButton(14).getAttribute('data-selected')).not.toBeNull();
    if (localDay(14).slice(0, 7) !== localDay(0).slice(0, 7)) {
      await page.locator('button[data-direction="previous"]').click();
    }
    await dayButton(0).waitFor();
    await expect.poll(() => dayButton(0).isDisabled()).toBe(false);
    await expect.poll(() => dayButton(-1).isDisabled()).toBe(true);
    // A click elsewhere in the dialog closes the picker and keeps the default date.
    await dialog.getByText('A project holds one questionnaire').click();
    await page.locator('button[data-direction="previous"]').waitFor({ state: 'detached' });
    expect(await dueDate.textContent()).toBe(formatCalendarDate(localDay(14)));

    await name.fill(`  ${NEW_PROJECT}  `);
    await dialog.getByText('High', { exact: true }).click();
    await expect.poll(() => create.isEnabled()).toBe(true);

    const chaos = await failCalls(page);
    await create.click();
    await page.getByText('There was an error creating your project').waitFor();
    await chaos.off();
    expect(page.url()).toBe(`${stack.appUrl}/Projects/Create`);
    expect(await dialog.isVisible()).toBe(true);
    expect(await name.inputValue()).toBe(`  ${NEW_PROJECT}  `);
    // The button leaves its loading state once the failed request has settled.
    await expect.poll(() => create.isEnabled()).toBe(true);

    await create.click();
    await page.waitForURL(/\/Projects\/[^/]+\/welcome$/);
    newProjectId = decodeURIComponent(page.url().split('/').at(-2) ?? '');
    const stored = await api.as(owner.token).call('getProject', { params: { projectId: newProjectId } });
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({
      name: NEW_PROJECT,
      projectPriority: 'HIGH',
      projectStatus: 'IN-PROGRESS',
      dueOn: localDay(14),
    });
  });

  it('lists it first on Open with its status, pages by 8, shows closed projects on Closed', async () => {
    expect(newProjectId).not.toBe('');
    await page.goto(`${stack.appUrl}/Projects`);
    const rows = page.locator('tbody tr');
    const first = rows.first();
    await first.getByText(NEW_PROJECT).waitFor();
    await expect.poll(() => rows.count()).toBe(8);
    await expect.poll(() => first.textContent()).toContain('14 days to go');
    await expect.poll(() => first.textContent()).toContain('High');
    await expect.poll(() => first.getByLabel(`Owner: ${OWNER.givenName} ${OWNER.lastName}`).count()).toBe(1);
    await page.getByText('Page 1 of 2 · 10 projects', { exact: true }).waitFor();
    await shot(page, 'project-list-open');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2 · 10 projects', { exact: true }).waitFor();
    await page.getByText('Set-up project 9').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1').waitFor();
    await first.getByText(NEW_PROJECT).waitFor();

    await page.getByRole('tab', { name: 'Closed' }).click();
    await page.waitForURL(`${stack.appUrl}/Projects?tab=closed`);
    const closedRow = rows.filter({ hasText: CLOSED_PROJECT });
    await closedRow.waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => closedRow.textContent()).toContain('due 3 days ago');
    await expect.poll(() => page.getByText('Page 1').count()).toBe(0);
    await page.getByText('1 project', { exact: true }).waitFor();
    await shot(page, 'project-list-closed');

    // A click anywhere on the row opens the project's dashboard.
    await page.getByRole('tab', { name: 'Open' }).click();
    await rows.first().getByText('14 days to go').click();
    await page.waitForURL(`${stack.appUrl}/Projects/${newProjectId}`);
  });

  it('shows the new project on the home Active Projects panel with its High Priority pill', async () => {
    await page.goto(`${stack.appUrl}/`);
    const panel = page.getByRole('region', { name: 'Active Projects' });
    const item = panel.getByRole('listitem').filter({ hasText: NEW_PROJECT });
    await item.waitFor();
    await expect.poll(() => item.textContent()).toContain('High Priority');
    await expect.poll(() => item.textContent()).toContain('14 days to go');
    await shot(page, 'project-home-panel');
    await item.click();
    await page.waitForURL(`${stack.appUrl}/Projects/${newProjectId}`);
  });

  it('saves an e-mail switch at once, sending only that switch, and keeps it after a reload', async () => {
    await page.goto(`${stack.appUrl}/Settings`);
    await waitForTitle(page, 'Settings');
    const mentions = page.getByRole('switch', { name: 'Someone mentions me' });
    const created = page.getByRole('switch', { name: 'A new project is created in the team' });
    // The switch's own input is covered by its track: a person clicks the label or the track.
    const toggle = (label: string) => page.getByText(label, { exact: true }).click();
    await mentions.waitFor({ state: 'attached' });
    await expect.poll(() => mentions.isChecked()).toBe(true);
    await expect.poll(() => created.isChecked()).toBe(false);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings/update'));
    await toggle('Someone mentions me');
    expect((await saved).request().postDataJSON()).toEqual({ sendEmailOnBeingMentioned: false });
    expect((await saved).status()).toBe(200);
    const savedToo = page.waitForResponse((r) => r.url().endsWith('/api/user/settings/update'));
    await toggle('A new project is created in the team');
    expect((await savedToo).status()).toBe(200);
    await shot(page, 'project-settings');

    // A failed save puts the switch back and says so.
    const chaos = await failCalls(page);
    await toggle('A question is assigned to me');
    await page.getByText('There was an error saving your settings').waitFor();
    await chaos.off();
    await page.waitForFunction(
      () =>
        (document.getElementById('setting-sendEmailOnQuestionAssigned') as HTMLInputElement)?.checked ===
        true,
    );

    await page.reload();
    await mentions.waitFor({ state: 'attached' });
    await expect.poll(() => mentions.isChecked()).toBe(false);
    await expect.poll(() => created.isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('switch', { name: 'A question is assigned to me' }).isChecked())
      .toBe(true);
    const stored = await api.as(owner.token).call('getUserSettings');
    expect(stored.body.data).toMatchObject({
      sendEmailOnBeingMentioned: false,
      sendEmailOnProjectCreated: true,
      sendEmailOnQuestionAssigned: true,
    });
  });
});

describe('projects due the same day', () => {
  const SAME_DAY = ['Zeta Bank review', 'alpha Insurance review', 'Beta Telecom review'];

  beforeAll(async () => {
    // Made out of name order, due the same day: after the new project (14 days), before set-up ones.
    for (const name of SAME_DAY) {
      const created = await api
        .as(owner.token)
        .call('createProject', { body: { name, dueOn: localDay(20) } });
      expect(created.status).toBe(200);
    }
  });

  for (const width of [1440, 375]) {
    it(`lists them by name and counts every project, at ${width} px`, async () => {
      // Prepare
      const page = await signIn(OWNER.email, width);

      // Act
      await page.goto(`${stack.appUrl}/Projects`);
      await page.getByText('Page 1 of 2 · 13 projects', { exact: true }).waitFor();

      // Assess: due date first, then name whatever its case; the same on the phone's cards.
      const rows = page.locator('[data-project-id]');
      const expected = [
        NEW_PROJECT,
        'alpha Insurance review',
        'Beta Telecom review',
        'Zeta Bank review',
        'Set-up project 1',
      ];
      await expect
        .poll(async () => (await rows.allTextContents()).slice(0, 5))
        .toEqual(expected.map((name) => expect.stringContaining(name)));
      await expect.poll(() => rows.count()).toBe(8);
      await shot(page, `project-list-same-day-${width}`);
      // The pager, at the end of the list (below the fold on a phone).
      await page.getByText('Page 1 of 2 · 13 projects', { exact: true }).scrollIntoViewIfNeeded();
      await shot(page, `project-list-pager-${width}`);
      await page.close();
    });
  }
});

describe('a member without the create permission', () => {
  it('sees the list without New Project, no dialog on /Projects/Create, and no admin switch', async () => {
    const page = await signIn(member.email);
    await page.goto(`${stack.appUrl}/Projects/Create`);
    await page.locator('tbody tr').filter({ hasText: NEW_PROJECT }).waitFor();
    expect(await page.getByRole('link', { name: 'New Project', exact: true }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Create Project' }).count()).toBe(0);

    await page.goto(`${stack.appUrl}/Settings`);
    await page.getByRole('switch', { name: 'Someone mentions me' }).waitFor({ state: 'attached' });
    // The member's own switches (Library answers due for review among them), none of an admin's.
    await expect.poll(() => page.getByRole('switch').count()).toBe(5);
    await page.getByRole('switch', { name: 'Library answers due for review' }).waitFor({ state: 'attached' });
    expect(await page.getByText('A new project is created in the team').count()).toBe(0);
    expect(await page.getByRole('tab', { name: /Team/ }).count()).toBe(0);
  });
});
