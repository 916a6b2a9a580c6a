/**
 * Two people signed in at once: the team owner changes a member's access on the Team page, and
 * the member's open page shows the notification toast live, without a reload; clicking the toast
 * opens its link.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results');
const MEMBER = { email: 'lena.live@example.com', givenName: 'Lena', lastName: 'Live' };

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('Build the SPA first: npm run build:web');
  stack = await startTestStack();
  // The member joins the demo team through the API: invitation, sign-up, registration, acceptance.
  const owner = await stack.signIn(DEMO.email, DEMO.password);
  const [roles, groups] = await Promise.all([
    stack.call('GET', '/api/roles', { token: owner }),
    stack.call('GET', '/api/groups', { token: owner }),
  ]);
  const invite = await stack.call('POST', '/api/team/members/invite', {
    token: owner,
    body: {
      emailAddress: MEMBER.email,
      groupId: groups.body.data[0].groupId,
      roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId,
    },
  });
  await stack.signUp(MEMBER.email);
  await stack.call('POST', '/api/public/user', {
    body: { givenName: MEMBER.givenName, lastName: MEMBER.lastName, emailAddress: MEMBER.email },
  });
  const accepted = await stack.call('POST', `/api/invitations/${invite.body.data.membershipId}/respond`, {
    token: await stack.signIn(MEMBER.email),
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Signs in through the UI and resolves once the page's websocket is authorized. */
async function signIn(email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const authorized = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('WS-AUTHORIZED')) resolve();
      }),
    );
  });
  await page.goto(`${stack.appUrl}/login`);
  await page.getByLabel('Work Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${stack.appUrl}/`);
  await authorized;
  return page;
}

describe('live updates', () => {
  it('shows the member a toast when the owner changes their access, without a reload', async () => {
    const member = await signIn(MEMBER.email, TEST_PASSWORD);
    let memberReloaded = false;
    member.on('framenavigated', (frame) => {
      if (frame === member.mainFrame()) memberReloaded = true;
    });

    const owner = await signIn(DEMO.email, DEMO.password);
    await owner.goto(`${stack.appUrl}/Team`);
    // Watch for the toast from before the change: it closes itself after 3 s.
    const toast = member.getByText('Your access was updated');
    const toastShown = toast.waitFor({ timeout: 20_000 });
    await owner.getByLabel(`Role of ${MEMBER.givenName} ${MEMBER.lastName}`).first().click();
    await owner.getByRole('option', { name: 'Manager' }).click();
    await toastShown;
    await toast.hover(); // pauses the toast's auto-close
    await member.screenshot({ path: join(SHOTS, 'live-toast.png') });
    expect(memberReloaded).toBe(false);
    await owner.getByText('Access updated').waitFor();
    // The notification is the member's alone (user scope): the owner's page shows none.
    expect(await owner.getByText('Your access was updated').count()).toBe(0);

    await toast.click();
    await member.waitForURL(`${stack.appUrl}/Profile`);
    await member.getByText('Manager').first().waitFor();
  });
});
