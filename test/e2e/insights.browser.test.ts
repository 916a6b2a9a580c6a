/**
 * Insights and the Team / API Access settings in the browser (issue 15, the screens): the demo
 * team's answered questions on /Insights, narrowed by compliance status and by project and put back
 * by Reset; Export, which runs the server's job and downloads the CSV (BOM, the spec's headers, an
 * answer that starts with '=' neutralised); an API key generated behind its confirmation, shown
 * once and used from outside the browser, the old key refused once a new one is generated; the
 * Team tab's website check, a library switch saved and kept across a reload, and the redemption
 * code shown read-only once redeemed.
 * Screenshots (1440 px wide) go to test-results/.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { MCP_TOOLS } from '../../shared/mcp-tools';
import {
  INSIGHT_CLASSIFICATIONS,
  INSIGHTS_CSV_HEADERS,
  INSIGHTS_MESSAGES,
} from '../../shared/schemas/insights';
import { TEAM_SETTINGS_MESSAGES, type TeamSettings } from '../../shared/schemas/team';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

/** The Compliance Status checkboxes' labels (web/src/features/insights/utils/format.ts). */
const STATUS_LABELS = {
  COMPLIANT: 'Compliant',
  'NON-COMPLIANT': 'Not compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
} as const;
const NORTHWIND = 'Northwind Traders — Vendor Security Assessment';
const WOODGROVE = 'Woodgrove Insurance — Cloud Security Review';
const FORMULA_ANSWER = '=HYPERLINK("http://evil.example","x") and more text';
const WEBSITE = 'https://www.demo-team.example';

let stack: TestStack;
let browser: Browser;
let page: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  token = await stack.signIn(DEMO.email, DEMO.password);
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 180_000);

afterAll(() => resources.stopAll());

/**
 * Resolves once no finite CSS transition or animation has run for a few checks in a row (a modal
 * closed, a toast slid in), so a screenshot shows the screen at rest; spinners do not count.
 */
async function settled() {
  await page.evaluate(() => {
    (window as { calmChecks?: number }).calmChecks = 0;
  });
  await page.waitForFunction(
    () => {
      const w = window as { calmChecks?: number };
      const moving = document
        .getAnimations()
        .some(
          (a) =>
            a.playState === 'running' &&
            a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      w.calmChecks = moving ? 0 : (w.calmChecks ?? 0) + 1;
      return w.calmChecks >= 4;
    },
    undefined,
    { polling: 50 },
  );
}

// ——— Insights ———

const filters = () => page.getByRole('form', { name: 'Search filters' });
const table = () => page.getByRole('table', { name: 'Answered questions' });
const statusBox = (label: string) => filters().getByRole('checkbox', { name: label, exact: true });
const summary = () => page.getByTestId('insights-summary');

const isSearch = (r: { url(): string; request(): { method(): string } }) =>
  r.url().endsWith('/api/insights/search') && r.request().method() === 'POST';

/** The results as shown, once no search is running: each row's project and classification. */
async function shownRows(): Promise<Array<{ project: string; classification: string }>> {
  await expect.poll(() => table().getAttribute('aria-busy')).toBeNull();
  return page.$$eval('table[aria-label="Answered questions"] tbody tr', (rows) =>
    rows.map((row) => ({
      project: row.querySelector('td [title]')?.getAttribute('title') ?? '',
      classification: row.querySelector('[data-classification]')?.getAttribute('data-classification') ?? '',
    })),
  );
}

/** Clicks Search and waits for the search it runs to answer and show. */
async function search() {
  const [response] = await Promise.all([
    page.waitForResponse(isSearch),
    filters().getByRole('button', { name: 'Search', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  const { results, capped } = (await response.json()).data as { results: unknown[]; capped: boolean };
  const rows = await shownRows();
  expect(rows).toHaveLength(results.length);
  await summary()
    .getByText(capped ? INSIGHTS_MESSAGES.capped : INSIGHTS_MESSAGES.found(rows.length))
    .waitFor();
  return rows;
}

describe('insights', () => {
  it("lists the team's answered questions, narrowed by status and project, and put back by Reset", async () => {
    // Prepare: the defaults are searched as the screen opens.
    const opened = page.waitForResponse(isSearch);
    await page.goto(`${stack.appUrl}/Insights`);
    expect((await opened).status()).toBe(200);
    await summary().waitFor();
    await expect.poll(() => page.title()).toContain('Insights');
    const all = await shownRows();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((r) => r.project)).size).toBeGreaterThan(1);
    const allSummary = await summary().textContent();
    expect([INSIGHTS_MESSAGES.found(all.length), INSIGHTS_MESSAGES.capped]).toContain(allSummary);
    for (const c of INSIGHT_CLASSIFICATIONS)
      await expect.poll(() => statusBox(STATUS_LABELS[c]).isChecked()).toBe(true);

    // Act: untick Compliant.
    await statusBox(STATUS_LABELS.COMPLIANT).uncheck();
    const withoutCompliant = await search();

    // Assess: no more rows, and none of them Compliant.
    expect(withoutCompliant.length).toBeLessThanOrEqual(all.length);
    const ticked = INSIGHT_CLASSIFICATIONS.filter((c) => c !== 'COMPLIANT') as string[];
    for (const row of withoutCompliant) expect(ticked).toContain(row.classification);

    // Act: one project.
    await filters().getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: NORTHWIND, exact: true }).click();
    await expect
      .poll(() => filters().getByRole('combobox', { name: 'Project' }).inputValue())
      .toBe(NORTHWIND);
    const northwind = await search();

    // Assess: only that project's rows, still without Compliant.
    expect(northwind.length).toBeGreaterThan(0);
    for (const row of northwind) {
      expect(row.project).toBe(NORTHWIND);
      expect(ticked).toContain(row.classification);
    }
    await page.mouse.move(0, 0);
    await shot(page, 'insights-results');

    // Act + Assess: Reset puts every filter back and searches them again (the demo data's rows may
    // still be arriving from the stream, so the answer is compared with what the server said now).
    const [reset] = await Promise.all([
      page.waitForResponse(isSearch),
      filters().getByRole('button', { name: 'Reset', exact: true }).click(),
    ]);
    const again = (await reset.json()).data as { results: Array<{ questionId: string }>; capped: boolean };
    expect(again.results.length).toBeGreaterThanOrEqual(Math.min(all.length, 100));
    await expect.poll(() => statusBox(STATUS_LABELS.COMPLIANT).isChecked()).toBe(true);
    for (const c of INSIGHT_CLASSIFICATIONS)
      await expect.poll(() => statusBox(STATUS_LABELS[c]).isChecked()).toBe(true);
    await expect
      .poll(() => filters().getByRole('combobox', { name: 'Project' }).inputValue())
      .toBe('All Projects');
    await expect
      .poll(() => filters().getByRole('combobox', { name: 'Industry' }).inputValue())
      .toBe('All Industries');
    await expect.poll(async () => (await shownRows()).length).toBe(again.results.length);
    await summary()
      .getByText(again.capped ? INSIGHTS_MESSAGES.capped : INSIGHTS_MESSAGES.found(again.results.length))
      .waitFor();
  });

  it("exports the search as a CSV download, an answer starting with '=' neutralised", async () => {
    // Prepare: a Woodgrove question answered with a formula.
    const projects = await api.as(token).call('listProjects', { query: { tab: 'open' } });
    expect(projects.status).toBe(200);
    const woodgrove = (projects.body.data.items as Array<{ projectId: string; name: string }>).find(
      (p) => p.name === WOODGROVE,
    );
    expect(woodgrove).toBeDefined();
    const projectId = woodgrove!.projectId;
    const listed = await api.as(token).call('listQuestions', { params: { projectId }, query: { limit: 1 } });
    expect(listed.status).toBe(200);
    const questionId = (listed.body.data.items as Array<{ questionId: string }>)[0].questionId;
    const saved = await api.as(token).call('updateQuestion', {
      params: { projectId, questionId },
      body: { answer: FORMULA_ANSWER, responseClassification: 'PARTIALLY-COMPLIANT' },
    });
    expect(saved.status).toBe(200);
    await stack.settle();
    await page.goto(`${stack.appUrl}/Insights`);
    await summary().waitFor();
    await search();
    const formulaRow = table().locator(`tbody tr[data-question-id="${questionId}"]`);
    await formulaRow.getByText(FORMULA_ANSWER, { exact: true }).waitFor();
    const shown = await shownRows();
    const capped = (await summary().textContent()) === INSIGHTS_MESSAGES.capped;

    // Act
    const exportButton = filters().getByRole('button', { name: 'Export', exact: true });
    // The download, or at once the app's export error (rather than waiting out the time-out).
    const refused = page
      .getByText(INSIGHTS_MESSAGES.export)
      .waitFor({ timeout: 30_000 })
      .then(
        () => Promise.reject(new Error(`Export showed '${INSIGHTS_MESSAGES.export}' instead of a download`)),
        () => new Promise<never>(() => {}),
      );
    const [download] = await Promise.all([
      Promise.race([page.waitForEvent('download', { timeout: 30_000 }), refused]),
      (async () => {
        await exportButton.click();
        await filters()
          .getByText(/^(Preparing|Writing) your CSV…$/)
          .waitFor();
        await page.mouse.move(0, 0);
        await shot(page, 'insights-export');
      })(),
    ]);
    const file = join(tmpdir(), `insights-export-${process.pid}.csv`);
    resources.add(() => rmSync(file, { force: true }));
    await download.saveAs(file);

    // Assess: the BOM, the spec's headers, a row per match, the formula neutralised.
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(INSIGHTS_CSV_HEADERS.map((h) => `"${h}"`).join(','));
    if (capped) expect(lines.length - 1).toBeGreaterThan(shown.length);
    else expect(lines.length - 1).toBe(shown.length);
    const formulaLine = lines.find((l) => l.includes('evil.example'));
    expect(formulaLine).toContain(`"'=HYPERLINK(""http://evil.example"",""x"") and more text"`);
    expect(formulaLine?.startsWith(`"${WOODGROVE}",`)).toBe(true);
    expect(formulaLine).toContain('"Partially Compliant"');
    // The export is done: Export is offered again and its note is gone.
    await expect.poll(() => exportButton.getAttribute('data-loading')).toBeNull();
    expect(
      await filters()
        .getByText(/your CSV…$/)
        .count(),
    ).toBe(0);
  });
});

// ——— Settings ———

const settingsTab = (name: 'Team' | 'API Access') => page.getByRole('tab', { name, exact: true });

/** The public analytics API, called as a customer's system would. */
const analytics = (clientId: string, apiKey: string) =>
  fetch(`${stack.appUrl}/api/analytics/questions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', client_id: clientId, client_secret: apiKey },
    body: JSON.stringify({}),
  });

async function teamSettings(): Promise<TeamSettings> {
  const response = await api.as(token).call('getTeamSettings');
  expect(response.status).toBe(200);
  return response.body.data as TeamSettings;
}

describe('settings', () => {
  it('generates an API key behind a confirmation, shows it once, and revokes it on the next', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Settings`);
    await settingsTab('API Access').click();
    const teamId = (await teamSettings()).teamId;
    const clientId = `client_${teamId}`;
    await expect.poll(() => page.getByRole('textbox', { name: 'Team ID' }).inputValue()).toBe(teamId);
    await expect.poll(() => page.getByRole('textbox', { name: 'Client ID' }).inputValue()).toBe(clientId);
    await expect.poll(() => page.getByTestId('api-key-masked').inputValue()).toBe('No key yet');

    // Act
    await page.getByRole('button', { name: 'Generate API Key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Generate an API key?' });
    await confirm.getByRole('button', { name: 'Generate Key' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Assess: the whole key, once, with the masked one its start.
    const keyField = page.getByRole('textbox', { name: 'New API key' });
    const firstKey = await keyField.inputValue();
    expect(firstKey.length).toBeGreaterThan(20);
    // The masked key follows once the team settings are read again.
    await expect.poll(() => page.getByTestId('api-key-masked').inputValue()).toMatch(/…$/);
    const masked = await page.getByTestId('api-key-masked').inputValue();
    expect(firstKey.startsWith(masked.slice(0, -1))).toBe(true);
    await page.getByText("Copy this key now and keep it somewhere safe: it won't be shown again.").waitFor();
    await page.mouse.move(0, 0);
    await settled();
    await shot(page, 'settings-api-access');
    const answered = await analytics(clientId, firstKey);
    expect(answered.status).toBe(200);
    const items = (await answered.json()).data;
    expect(Array.isArray(items)).toBe(true);
    expect(items.length).toBeGreaterThan(0);

    // Act: a new key, after the warning that the old one stops working.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await keyField.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Generate New Key' }).click();
    const again = page.getByRole('dialog', { name: 'Generate a new API key?' });
    await again.getByText('The existing key stops working immediately.', { exact: false }).waitFor();
    await settled();
    await shot(page, 'settings-api-access-regenerate');
    await again.getByRole('button', { name: 'Generate New Key' }).click();
    await again.waitFor({ state: 'detached' });

    // Assess: the old key refused, the new one answered.
    const secondKey = await keyField.inputValue();
    expect(secondKey).not.toBe(firstKey);
    expect((await analytics(clientId, firstKey)).status).toBe(401);
    expect((await analytics(clientId, secondKey)).status).toBe(200);

    // Assess: the assistants' card names the MCP server on this host and its tools, and the
    // address it shows answers an MCP message signed with the new key.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const card = page.getByRole('heading', { name: 'Assistants (MCP)' });
    await card.scrollIntoViewIfNeeded();
    const serverUrl = await page.getByRole('textbox', { name: 'Server URL (streamable HTTP)' }).inputValue();
    expect(serverUrl).toBe(`${stack.appUrl}/api/mcp`);
    for (const tool of Object.keys(MCP_TOOLS)) await page.getByText(tool, { exact: true }).waitFor();
    const listed = await fetch(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', client_id: clientId, client_secret: secondKey },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(listed.status).toBe(200);
    expect((await listed.json()).result.tools).toHaveLength(Object.keys(MCP_TOOLS).length);
    await page.mouse.move(0, 0);
    await settled();
    await shot(page, 'settings-api-access-mcp');
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await settled();
    await shot(page, 'settings-api-access-mcp-375');
    if (desktop) await page.setViewportSize(desktop);
  });

  it('checks the website, saves a library switch and a redemption code, and keeps them', async () => {
    // Prepare
    const before = await teamSettings();
    expect(before.redemptionCode).toBeNull();
    expect(before.defaultAnswersToFlowToLibrary).toBe(false);
    await page.goto(`${stack.appUrl}/Settings`);
    await settingsTab('Team').click();
    const form = page.getByRole('form', { name: 'Team settings' });
    const website = form.getByRole('textbox', { name: 'Company Website' });
    const save = form.getByRole('button', { name: 'Save', exact: true });
    const flow = form.getByRole('switch', { name: 'Answers flow to the library by default' });
    await website.waitFor();

    // Act + Assess: an invalid website is shown as such, and Save waits.
    await website.fill('not a website');
    await website.blur();
    await form.getByText(TEAM_SETTINGS_MESSAGES.website).waitFor();
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    expect(await save.isDisabled()).toBe(true);

    // Act: a real website, and the library switch on.
    await website.fill(WEBSITE);
    await expect.poll(() => form.getByText(TEAM_SETTINGS_MESSAGES.website).count()).toBe(0);
    expect(await flow.isChecked()).toBe(false);
    await form.getByText('Answers flow to the library by default', { exact: true }).click();
    await expect.poll(() => flow.isChecked()).toBe(true);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();

    // Assess: saved, kept across a reload, and on the server.
    await page.getByText('Team settings saved').waitFor();
    await page.reload();
    await settingsTab('Team').click();
    await website.waitFor();
    await expect.poll(() => website.inputValue()).toBe(WEBSITE);
    await expect.poll(() => flow.isChecked()).toBe(true);
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await teamSettings()).toMatchObject({
      companyWebsite: WEBSITE,
      defaultAnswersToFlowToLibrary: true,
    });

    // Act: the demo partner's redemption code.
    const code = form.getByRole('textbox', { name: 'Redemption Code' });
    await code.fill('DEMO');
    await save.click();

    // Assess: the code and its partner, read-only.
    await page.getByText('Team settings saved').first().waitFor();
    const redeemedFor = form.getByRole('textbox', { name: 'Redeemed For' });
    await redeemedFor.waitFor();
    await expect.poll(() => code.inputValue()).toBe('DEMO');
    await expect.poll(() => code.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => redeemedFor.inputValue()).toBe('Demo partner programme');
    await expect.poll(() => redeemedFor.getAttribute('readonly')).not.toBeNull();
    expect(await teamSettings()).toMatchObject({
      redemptionCode: 'DEMO',
      redemptionPartner: 'Demo partner programme',
    });
    await page.mouse.move(0, 0);
    await settled();
    await shot(page, 'settings-team');

    // Restore the library switch, so nothing else sees answers flow to the library.
    const restored = await api
      .as(token)
      .call('updateTeamSettings', { body: { defaultAnswersToFlowToLibrary: false } });
    expect(restored.status).toBe(200);
    expect(restored.body.data.defaultAnswersToFlowToLibrary).toBe(false);
  });
});
