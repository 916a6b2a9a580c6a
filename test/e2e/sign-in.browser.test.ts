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

  it('checks each field on blur with the spec messages, clears a message on typing, and enables Sign In only when both pass', async () => {
    // Prepare
    const page = await newPage();
    await page.goto(`${stack.appUrl}/login`);
    const email = page.getByLabel('Work Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign In' });
    const message = (text: string) => page.getByText(text, { exact: true });

    // Act: an e-mail without a domain and a 7-character password, each left by Tab
    await email.fill('someone@');
    await email.press('Tab');
    await password.fill('1234567');
    await password.press('Tab');

    // Assess
    await message('Please enter your work email address').waitFor();
    await message('Please enter your password').waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // Act: correct both
    await email.fill(DEMO.email);
    await password.fill('12345678');

    // Assess: the messages clear on change and Sign In is enabled
    await message('Please enter your work email address').waitFor({ state: 'detached' });
    await message('Please enter your password').waitFor({ state: 'detached' });
    await expect.poll(() => submit.isDisabled()).toBe(false);
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

  it('loads the sign-in flows and the toasts on use: a failed fetch keeps the screen and is tried again', async () => {
    // Prepare: the first fetch of the account flows' chunk and of the toast container fails (a
    // release replaced them while the page was open); later ones go through.
    const page = await newPage();
    const fetched: string[] = [];
    const failOnce = new Set(['auth-flows', 'toast-container']);
    await page.route(/\/assets\/(auth-flows|toast-container)-[\w-]+\.js$/, async (route) => {
      const chunk = /(auth-flows|toast-container)/.exec(route.request().url())?.[1] ?? '';
      fetched.push(chunk);
      if (failOnce.delete(chunk)) await route.abort('failed');
      else await route.continue();
    });
    await page.goto(`${stack.appUrl}/login`);
    await page.getByText('Sign in to your account').waitFor();
    // Assess: neither chunk is part of the screen itself.
    expect(fetched).toEqual([]);

    // Act: type (the flows' fetch starts, and fails), then sign in.
    await page.getByLabel('Work Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await expect.poll(() => fetched.includes('auth-flows')).toBe(true);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Assess: the sign-in fetched the flows again and signed in.
    await page.waitForURL(`${stack.appUrl}/`);
    await page.getByRole('link', { name: 'View your Dashboard' }).waitFor();
    expect(fetched.filter((chunk) => chunk === 'auth-flows')).toHaveLength(2);
    await page.context().close();
  });

  it('shows no toast container until a toast, and stays up when its chunk cannot be fetched', async () => {
    // Prepare: every fetch of the toast container fails.
    const page = await newPage();
    let toastFetches = 0;
    await page.route(/\/assets\/toast-container-[\w-]+\.js$/, async (route) => {
      toastFetches++;
      await route.abort('failed');
    });
    await page.goto(`${stack.appUrl}/login`);

    // Act: a wrong password asks for an error toast.
    await page.getByLabel('Work Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd!');
    expect(toastFetches).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Assess: the container was asked for, and the form is still there to try again.
    await expect.poll(() => toastFetches).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.getByLabel('Work Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await page.context().close();
  });
});
