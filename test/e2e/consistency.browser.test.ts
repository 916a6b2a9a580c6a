/**
 * The consistency check in the browser (issue 28 part 3, "Done when"): on a project with two
 * contradicting answers the demo admin runs Check consistency on the dashboard and sees both
 * questions named and linked; Export Project shows "1 consistency finding" with a link to it;
 * one answer is fixed and the finding clears live without a reload; the export then has no
 * finding to show and downloads. The same dashboard at 375 px. Screenshots (1440 and 375 px) go to
 * test-results/consistency/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, SHOTS, signInLive } from './support';

const FOLDER = join(SHOTS, 'consistency');
const ENFORCED = 'Is multi-factor authentication required for all employees?';
const OPTIONAL = 'How do staff sign in to company systems?';

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();
let token: string;

beforeAll(async () => {
  assertSpaBuilt();
  mkdirSync(FOLDER, { recursive: true });
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  token = await stack.signIn(DEMO.email, DEMO.password);
}, 180_000);

afterAll(() => resources.stopAll());

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(FOLDER, `${name}.png`), fullPage });
}

async function call(name: string, args: Record<string, unknown>) {
  const response = await api.call(name as never, { token, ...args } as never);
  if (response.status !== 200)
    throw new Error(`${name}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A project with two questions whose answers contradict on MFA, and a third unrelated one. */
async function contradictingProject() {
  const { projectId } = await call('createProject', { body: { name: 'Globex security questionnaire' } });
  const ids: string[] = [];
  for (const question of [ENFORCED, OPTIONAL, 'Where is customer data hosted?']) {
    ids.push((await call('addQuestion', { params: { projectId }, body: { question } })).questionId);
  }
  const answers = [
    'Yes. MFA is enforced for all users through our identity provider.',
    'Staff sign in with Google Workspace; MFA is optional.',
    'In AWS ap-southeast-2 (Sydney).',
  ];
  for (const [i, answer] of answers.entries()) {
    await call('updateQuestion', { params: { projectId, questionId: ids[i] }, body: { answer } });
  }
  await stack.settle();
  return { projectId, optionalId: ids[1] };
}

describe('consistency check', () => {
  it('finds two contradicting answers, names both, clears live when one is fixed, and exports', async () => {
    // Prepare
    const { projectId, optionalId } = await contradictingProject();
    const page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, {
      width: 1440,
      height: 900,
    });
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = page.getByRole('region', { name: 'Consistency' });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-before-check-1440');

    // Act: run the check from the dashboard.
    await card.getByRole('button', { name: 'Check consistency' }).click();

    // Assess: one finding naming both questions, each a link to its question.
    const finding = card.locator('[data-testid="consistency-finding"][data-status="OPEN"]');
    await expect.poll(() => finding.count()).toBe(1);
    await expect
      .poll(() => card.getByTestId('consistency-status').textContent())
      .toContain('1 consistency finding to review');
    await expect
      .poll(() => finding.getByText('Multi-factor authentication', { exact: true }).count())
      .toBe(1);
    const enforcedLink = finding.getByRole('link', { name: ENFORCED });
    const optionalLink = finding.getByRole('link', { name: OPTIONAL });
    await expect
      .poll(() => enforcedLink.getAttribute('href'))
      .toMatch(new RegExp(`^/Projects/${projectId}/\\w+$`));
    await expect.poll(() => optionalLink.getAttribute('href')).toBe(`/Projects/${projectId}/${optionalId}`);
    await expect.poll(() => finding.getByText('“MFA is optional”').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-finding-1440');

    // Act: the export dialog counts the finding and links to it.
    await page.getByRole('button', { name: 'Manage Project' }).click();
    await page.getByRole('menuitem', { name: 'Export Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Project' });
    const note = dialog.getByTestId('export-consistency');
    await note.waitFor();

    // Assess
    await expect.poll(() => note.textContent()).toContain('1 consistency finding');
    // Export waits for the file's preview only, never for the findings (the user may go on).
    const exportButton = dialog.getByRole('button', { name: 'Export', exact: true });
    await expect.poll(() => exportButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await shot(page, 'export-with-finding-1440');
    await note.getByRole('button', { name: '1 consistency finding' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.isVisible()).toBe(true);

    // Act: fix one answer (a colleague saves it); the open dashboard follows without a reload.
    await call('updateQuestion', {
      params: { projectId, questionId: optionalId },
      body: { answer: 'Staff sign in with Google Workspace, where MFA is enforced for everyone.' },
    });
    await stack.settle();

    // Assess
    await expect.poll(() => finding.count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => card.getByTestId('consistency-status').textContent())
      .toContain('No contradictions found');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-fixed-1440');

    // Act: export the project's data, once the check the dialog runs on opening has answered (so
    // a finding it reported would be on screen).
    const checked = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        new URL(r.url()).pathname === `/api/projects/${projectId}/consistency`,
    );
    await page.getByRole('button', { name: 'Manage Project' }).click();
    await page.getByRole('menuitem', { name: 'Export Project' }).click();
    await dialog.getByTestId('export-preview').waitFor();
    expect((await checked).status()).toBe(200);
    await (await checked).finished();
    await dialog.getByText('Checking the answers for contradictions…').waitFor({ state: 'detached' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);

    // Assess: no finding shown, and the file arrives.
    expect(await dialog.getByTestId('export-consistency').count()).toBe(0);
    expect(download.suggestedFilename()).toMatch(/\.(xlsx|csv)$/);
    await page.context().close();
  });

  it('shows the findings on a phone-width screen', async () => {
    // Prepare
    const { projectId } = await contradictingProject();
    await call('checkConsistency', { params: { projectId } });
    const page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, {
      width: 375,
      height: 812,
    });

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = page.getByRole('region', { name: 'Consistency' });
    const finding = card.locator('[data-testid="consistency-finding"][data-status="OPEN"]');
    await finding.waitFor();
    await card.scrollIntoViewIfNeeded();

    // Assess: both questions named, nothing wider than the screen.
    await expect.poll(() => finding.getByRole('link', { name: ENFORCED }).isVisible()).toBe(true);
    await expect.poll(() => finding.getByRole('link', { name: OPTIONAL }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'dashboard-finding-375');
    await finding.getByRole('button', { name: 'Dismiss' }).click();
    const dismiss = page.getByRole('dialog', { name: 'Dismiss finding' });
    await dismiss.getByLabel('Reason').fill('Contractors are outside the identity provider.');
    await shot(page, 'dismiss-375');
    await dismiss.getByRole('button', { name: 'Dismiss finding' }).click();
    await expect.poll(() => finding.count()).toBe(0);
    await card.getByRole('button', { name: 'Show 1 dismissed finding' }).click();
    await card.getByText('Contractors are outside the identity provider.', { exact: false }).waitFor();
    await shot(page, 'dismissed-375');
    await page.context().close();
  });
});
