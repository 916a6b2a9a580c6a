/**
 * The product as a newcomer meets it: the local stack with the built SPA in headless Chromium. An
 * anonymous visit is sent to Sign In; the demo user signs in and reaches the home route.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, newPage as newBrowserPage, SHOTS } from './support';

let stack: TestStack;
let browser: Browser;
// Everything started here is stopped however the file ends, a failed or timed-out set-up included.
const resources = new Resources();
beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack(), (s) => s.stop());
  browser = await resources.start(launchChromium(), (b) => b.close());
});
afterAll(() => resources.stopAll());

const newPage = (): Promise<Page> => newBrowserPage(browser);

describe('sign in', () => {
  it('redirects an anonymous visitor to Sign In, then signs the demo user in to the home route', async () => {
    const page = await newPage();
    await page.goto(`${stack.appUrl}/`);
    await page.waitForURL('**/login');
    await expect.poll(() => page.title()).toBe('Sign In');
    await page.getByText('Sign in to your account').waitFor();
    await page.screenshot({ path: join(SHOTS, 'sign-in.png') });

    const submit = page.getByRole('button', { name: 'Sign In' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByLabel('Work Email').fill(`  ${DEMO.email.toUpperCase()} `);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await submit.click();

    await page.waitForURL(`${stack.appUrl}/`);
    await page.getByRole('link', { name: 'View your Dashboard' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'home.png') });
    await page.context().close();
  });

  it('shows the identity provider message for a wrong password and stays on Sign In', async () => {
    const page = await newPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('Work Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(/Incorrect username or password/i).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});
