/**
 * The Welcome page's two links (spec 000 §1, issue 29): Start (/create) opens the Create Project
 * dialog, and Live demo (/demo) opens a read-only tour of the demo workspace's sample project, which
 * ends at Start too. At 1440 px and 375 px, with screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { people } from '../support/people';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

const EMAIL = `wes-${Date.now().toString(36)}@welcome.test`;
const SAMPLE = 'Northwind Traders — Vendor Security Assessment';

let stack: TestStack;
let browser: Browser;
const resources = new Resources();

beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  await people(stack, client(stack)).register(EMAIL, 'Welcome Works', {
    givenName: 'Wes',
    lastName: 'Welcome',
  });
  browser = await resources.start(launchChromium(), (b) => b.close());
}, 240_000);

afterAll(() => resources.stopAll());

async function createDialogOpens(page: Page) {
  await page.waitForURL(`${stack.appUrl}/Projects/Create`);
  await page.getByRole('dialog', { name: 'Create Project' }).waitFor();
}

describe.each([
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
])('the Welcome page at $width px', (viewport) => {
  it('Start opens the Create Project dialog; Live demo tours the sample project read-only and ends at Start', async () => {
    // Prepare
    const page = await signInLive(browser, stack.appUrl, EMAIL, TEST_PASSWORD, viewport);
    const size = viewport.width;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${stack.appUrl}/Welcome`);
    await page
      .getByText('A tool to make answering Security Assessments simple, fast and comprehensive.')
      .waitFor();
    await shot(page, `welcome-${size}`);

    // Act: Start.
    await page.getByRole('link', { name: 'Start' }).click();

    // Assess
    await createDialogOpens(page);
    await shot(page, `welcome-start-${size}`);

    // Act: Live demo.
    await page.goto(`${stack.appUrl}/Welcome`);
    await page.getByRole('link', { name: 'Live demo' }).click();

    // Assess: the tour, step by step, with nothing to edit.
    await page.waitForURL(`${stack.appUrl}/demo`);
    await page.getByRole('heading', { name: 'Live demo' }).waitFor();
    await page.getByRole('heading', { name: SAMPLE }).waitFor();
    await expect.poll(() => page.getByText('Read-only sample').count()).toBe(1);
    await shot(page, `demo-project-${size}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('article', { name: 'Is data encrypted in transit?' }).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(8);
    expect(errors).toEqual([]);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await shot(page, `demo-answers-${size}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Create your first project' }).click();
    await createDialogOpens(page);
    await page.context().close();
  });
});
