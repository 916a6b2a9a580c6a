/**
 * Mail health on the Team page: a member whose invitation e-mail the SES mailbox simulator bounced
 * shows a "Bounces" badge beside their address, whose tooltip says why; an invitation whose
 * recipient marked it as spam shows "Marked as spam". At 1440 px (a table) and 375 px (stacked cards).
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, SHOTS, signInLive } from './support';

const BOUNCES = 'bounce+team@simulator.amazonses.com';
const COMPLAINS = 'complaint@simulator.amazonses.com';

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();

beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack({ seed: 'team' }), (s) => s.stop());
  const owner = await stack.signIn(DEMO.email, DEMO.password);
  const [roles, groups] = await Promise.all([
    api.call('getRoles', { token: owner }),
    api.call('getGroups', { token: owner }),
  ]);
  const ids = {
    groupId: groups.body.data[0].groupId,
    roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId,
  };
  const invite = await api.call('inviteMember', { token: owner, body: { emailAddress: BOUNCES, ...ids } });
  await stack.signUp(BOUNCES);
  await api.call('registerUser', {
    token: await stack.signIn(BOUNCES),
    body: { givenName: 'Bea', lastName: 'Bounce', emailAddress: BOUNCES },
  });
  const accepted = await api.call('respondToInvitation', {
    params: { membershipId: invite.body.data.membershipId },
    token: await stack.signIn(BOUNCES),
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  await api.call('inviteMember', { token: owner, body: { emailAddress: COMPLAINS, ...ids } });
  // The simulator's bounce and complaint have been recorded.
  await eventually(async () => {
    const rows = (await api.call('listAllMembers', { token: owner })).body.data as Array<{
      emailAddress: string;
      mailHealth?: { state: string };
    }>;
    expect(rows.find((r) => r.emailAddress === BOUNCES)?.mailHealth?.state).toBe('BOUNCING');
    expect(rows.find((r) => r.emailAddress === COMPLAINS)?.mailHealth?.state).toBe('COMPLAINED');
  });
  browser = await resources.start(launchChromium(), (b) => b.close());
}, 180_000);

afterAll(() => resources.stopAll());

describe('mail health on the Team page', () => {
  it.each([
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ])('shows the bouncing address with a badge that says why at $width px', async (viewport) => {
    const page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, viewport);
    await page.goto(`${stack.appUrl}/Team`);
    const row = page.getByRole('row').filter({ hasText: BOUNCES });
    const badge = row.getByText('Bounces', { exact: true });
    await badge.waitFor();
    const invitedBadge = page.getByRole('row').filter({ hasText: COMPLAINS }).getByText('Marked as spam');
    await invitedBadge.waitFor();
    // Nobody else's row has one.
    await expect.poll(() => page.locator('[data-mail-health]').count()).toBe(2);

    await badge.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    await expect
      .poll(() => tooltip.textContent())
      .toMatch(
        new RegExp(
          `^${BOUNCES.replace(/[+.]/g, '\\$&')} is not receiving our e-mail \\(it bounced on .+\\)\\. Check the address or ask them another way\\.$`,
        ),
      );
    // No sideways scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `mail-health-team-${viewport.width}.png`), fullPage: true });
    await page.context().close();
  });
});
