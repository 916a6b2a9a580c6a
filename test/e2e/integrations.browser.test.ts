/**
 * Settings → Integrations in the browser (issue 31 parts 1 and 2): an admin adds a signed JSON
 * webhook pointing at a receiver on 127.0.0.1 and copies its secret (shown once), adds a Slack one,
 * sends a test event and watches it delivered; with the receiver failing, the delivery shows as
 * retrying with the reason, and Resend makes a new delivery; API Access shows the key's scope; the
 * admin generates the SCIM token, and a member the identity provider then deactivates sees why every
 * page refuses them while the Team page marks them Deactivated (issue 31 part 3).
 * Screenshots at 1440 and 375 px go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../scripts/fixtures/webhook-receiver';
import { DEMO } from '../../scripts/local/provision';
import { SCIM_SCHEMAS } from '../../shared/schemas/scim';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { people } from '../support/people';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

let stack: TestStack;
let browser: Browser;
let page: Page;
let receiver: Receiver;
const resources = new Resources();

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser, receiver] = await Promise.all([
    resources.start(startTestStack({ seed: 'team' }), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
    resources.start(startReceiver(), (r) => r.close()),
  ]);
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 180_000);
afterAll(() => resources.stopAll());

const rows = () => page.getByTestId('webhook-row');
const deliveries = () => page.getByTestId('webhook-delivery');

async function addWebhook(url: string, format?: 'Slack', screenshot?: string) {
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByLabel('Endpoint URL').fill(url);
  if (format) await dialog.getByText(format, { exact: true }).click();
  if (screenshot) await shot(page, screenshot);
  await dialog.getByRole('button', { name: 'Add Webhook' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function sendTest(row: number) {
  await rows()
    .nth(row)
    .getByRole('button', { name: /^More for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Send test event' }).click();
}

describe('Settings → Integrations', () => {
  it('adds a signed JSON webhook, shows its secret once, and delivers a test event', async () => {
    // Prepare: the tab a notification links to.
    await page.goto(`${stack.appUrl}/Settings?tab=integrations`);
    await page.getByText('No webhooks yet').waitFor();
    await shot(page, 'integrations-empty-1440');

    // Act
    await addWebhook(receiver.url('/json'), undefined, 'integrations-add-1440');
    const secret = await page.getByTestId('webhook-secret').inputValue();
    await page
      .getByText(
        "Copy this signing secret now and keep it with the receiving system: it won't be shown again.",
      )
      .waitFor();
    await shot(page, 'integrations-secret-1440');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await sendTest(0);

    // Assess: delivered, and signed with the secret that was shown.
    const drawer = page.getByRole('dialog', { name: 'Deliveries' });
    await drawer.getByText('Delivered').waitFor();
    await expect.poll(() => deliveries().first().textContent()).toContain('HTTP 200');
    await shot(page, 'integrations-deliveries-1440');
    const [arrival] = receiver.received.filter((r) => r.path === '/json');
    expect(
      new Verifier(secret).verify(arrival.body, arrival.headers as Record<string, string>),
    ).toMatchObject({
      type: 'webhook.test',
    });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => rows().first().textContent()).toContain('Active');
  });

  it('adds a Slack webhook, and shows a failing delivery retried with its reason and a Resend', async () => {
    // Prepare
    await addWebhook(receiver.url('/slack'), 'Slack');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().nth(1).textContent()).toContain('Slack');
    receiver.answer(503);

    // Act
    await sendTest(1);

    // Assess
    const drawer = page.getByRole('dialog', { name: 'Deliveries' });
    await drawer.getByText('Retrying').waitFor();
    await drawer.getByText(/The endpoint answered 503 · next try in 1 minute/).waitFor();
    const slack = receiver.received.filter((r) => r.path === '/slack');
    expect(JSON.parse(slack[0].body).blocks[0].text.text).toBe(
      '*Test event*\nA test event from Settings → Integrations',
    );
    receiver.answer(200);
    await deliveries().first().getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => deliveries().count()).toBe(2);
    await drawer.getByText('Delivered').waitFor();
    await shot(page, 'integrations-retry-1440');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // And at 375 px the list still reads.
    await page.setViewportSize({ width: 375, height: 812 });
    await rows().first().waitFor();
    await shot(page, 'integrations-375');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the API key’s scope on API Access: every call the key can make, read-only', async () => {
    await page.goto(`${stack.appUrl}/Settings?tab=api`);
    const scope = page.getByTestId('api-key-scope');
    await scope.getByText('Key scope: read-only').waitFor();
    for (const call of [
      'POST /api/analytics/questions',
      'GET /api/v1/projects',
      'GET /api/v1/library/answers',
      'POST /api/mcp',
    ])
      await scope.getByText(call, { exact: true }).waitFor();
    await scope.scrollIntoViewIfNeeded();
    await shot(page, 'api-access-scope-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await scope.scrollIntoViewIfNeeded();
    await shot(page, 'api-access-scope-375');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('generates the SCIM token; a member the identity provider deactivates is told why, and marked on the Team page', async () => {
    // Prepare: the token, shown once.
    await page.goto(`${stack.appUrl}/Settings?tab=integrations`);
    const card = page.getByTestId('scim-token-masked');
    await card.waitFor();
    await page.getByRole('button', { name: 'Generate SCIM Token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate Token' }).click();
    const token = await page.getByTestId('scim-token').inputValue();
    await page
      .getByText("Copy this token into your identity provider now: it won't be shown again.")
      .waitFor();
    await page.getByTestId('scim-token').scrollIntoViewIfNeeded();
    await shot(page, 'scim-token-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('scim-token').scrollIntoViewIfNeeded();
    await shot(page, 'scim-token-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await card.inputValue()).toBe(`${token.slice(0, 12)}…`);
    const scim = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${stack.appUrl}/api/scim/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeLessThan(300);
      return response.json();
    };
    // The identity provider adds Quinn, who signs up and accepts, and opens the app.
    const api = client(() => stack);
    const created = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName: 'quinn@example.com',
      name: { givenName: 'Quinn', familyName: 'Provisioned' },
      active: true,
    });
    const quinn = await people(stack, api).register('quinn@example.com', undefined, {
      givenName: 'Quinn',
      lastName: 'Provisioned',
    });
    const accepted = await api.as(quinn.token).call('respondToInvitation', {
      params: { membershipId: created.id },
      body: { invitationStatus: 'ACCEPT' },
    });
    expect(accepted.status).toBe(200);
    const theirs = await signInLive(browser, stack.appUrl, 'quinn@example.com', TEST_PASSWORD, {
      width: 1440,
      height: 900,
    });

    // Act: Entra ID's deactivation.
    await scim('PATCH', `/Users/${created.id}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    await theirs.reload();

    // Assess
    await theirs.getByRole('heading', { name: 'Your access is turned off' }).waitFor();
    await shot(theirs, 'scim-deactivated-1440');
    await theirs.setViewportSize({ width: 375, height: 812 });
    await shot(theirs, 'scim-deactivated-375');
    await theirs.context().close();
    await page.goto(`${stack.appUrl}/Team`);
    const row = page.getByRole('row').filter({ hasText: 'quinn@example.com' });
    await row.getByText('Deactivated').waitFor();
    await shot(page, 'team-deactivated-1440');
  });
});
