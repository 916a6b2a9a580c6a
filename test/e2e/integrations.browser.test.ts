/**
 * Settings → Integrations in the browser (issue 31 parts 1 and 2): an admin adds a signed JSON
 * webhook pointing at a receiver on 127.0.0.1 and copies its secret (shown once), adds a Slack one,
 * sends a test event and watches it delivered; with the receiver failing, the delivery shows as
 * retrying with the reason, and Resend makes a new delivery; API Access shows the key's scope.
 * Screenshots at 1440 and 375 px go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../scripts/fixtures/webhook-receiver';
import { DEMO } from '../../scripts/local/provision';
import { startTestStack, type TestStack } from '../support/local-stack';
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
});
