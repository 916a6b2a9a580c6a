/**
 * The security headers the local gateway sends (the same values CloudFront's response headers policy
 * sends, both built by shared/security-headers.ts), and the SPA working under its Content-Security-
 * Policy: Sign In, home after the demo sign-in, a project dashboard and the API reference render with
 * no CSP violation, while an inline script, which the policy forbids, is refused.
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { PERMISSIONS_POLICY, REFERRER_POLICY } from '../../shared/security-headers';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, newPage, shot, waitForTitle } from './support';

let stack: TestStack;
let browser: Browser;
const resources = new Resources();
beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack(), (s) => s.stop());
  browser = await resources.start(launchChromium(), (b) => b.close());
});
afterAll(() => resources.stopAll());

/** The CSP as a map of directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'content-security-policy').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers from the local gateway', () => {
  it('sends the CSP and the standard headers on the SPA, its files and /api/docs, never HSTS over http', async () => {
    const index = await fetch(`${stack.appUrl}/login`);
    const html = await index.text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(script, 'the SPA loads its code from a file').toBeTruthy();
    for (const path of ['/login', '/', script!, '/api-docs/init.js', '/api/docs']) {
      const response = await fetch(`${stack.appUrl}${path}`);
      expect(response.status, path).toBe(200);
      const csp = parseCsp(response.headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('img-src'), path).toEqual(
        expect.arrayContaining(["'self'", 'data:', `http://127.0.0.1:${stack.ports.s3}`]),
      );
      expect(csp.get('connect-src'), path).toEqual(
        expect.arrayContaining([
          "'self'",
          `http://127.0.0.1:${stack.ports.cognito}`,
          // The hosted domain's /oauth2/token, which Amplify calls after single sign-on.
          `https://127.0.0.1:${stack.ports.hostedUi}`,
          `ws://127.0.0.1:${stack.ports.app}`,
          `http://127.0.0.1:${stack.ports.s3}`,
        ]),
      );
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe(REFERRER_POLICY);
      expect(response.headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('marks API responses nosniff and no-store, errors included', async () => {
    for (const [path, status] of [
      ['/api/openapi.json', 200],
      ['/api/user', 401],
      // Under a signed-in group's {proxy+}, as on API Gateway: the authorizer answers first.
      ['/api/no-such-route', 401],
    ] as const) {
      const response = await fetch(`${stack.appUrl}${path}`);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('the SPA under its Content-Security-Policy', () => {
  let page: Page;
  const violations: string[] = [];
  const pageErrors: string[] = [];
  const record = (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  };
  beforeAll(async () => {
    page = await newPage(browser);
    page.on('console', record);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(() => page?.context().close());

  const expectNoViolations = (where: string) => {
    expect(violations, where).toEqual([]);
    expect(pageErrors, where).toEqual([]);
  };

  it('renders Sign In and signs the demo user in to home', async () => {
    await page.goto(`${stack.appUrl}/login`);
    await page.getByText('Sign in to your account').waitFor();
    expectNoViolations('/login');

    await page.getByLabel('Work Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await page.getByRole('link', { name: 'View your Dashboard' }).waitFor();
    await shot(page, 'csp-home');
    expectNoViolations('home');
  });

  it('renders a project dashboard', async () => {
    await page.goto(`${stack.appUrl}/Projects`);
    await waitForTitle(page, 'Projects');
    const row = page.locator('tbody tr').first();
    const nameOf = async () => (await row.locator('td').nth(1).innerText()).trim();
    await expect.poll(nameOf).not.toBe('');
    const name = await nameOf();
    await row.click();
    await page.waitForURL(/\/Projects\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await shot(page, 'csp-project-dashboard');
    expectNoViolations('project dashboard');
  });

  it('loads images from the uploads origin, and refuses an inline script', async () => {
    // An image from s3rver (where presigned photo URLs point) is allowed: a missing object is a
    // network error, not a violation.
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          const img = document.createElement('img');
          img.onload = img.onerror = () => resolve();
          img.src = src;
          document.body.append(img);
        }),
      `http://127.0.0.1:${stack.ports.s3}/no-such-bucket/photo.png`,
    );
    expectNoViolations('uploads image');
    // The check can fail: the policy is there, and an injected inline script is refused.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toMatch(/script-src/);
    violations.length = 0;
  });

  it('renders the API reference (Swagger UI) at /api/docs', async () => {
    await page.goto(`${stack.appUrl}/api/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await shot(page, 'csp-api-docs');
    expectNoViolations('/api/docs');
  });
});
