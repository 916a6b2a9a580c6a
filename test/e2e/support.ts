/**
 * Shared pieces of the browser suites: the Chromium launch, pages with short waits, screenshots,
 * the SES emulator's sent mail (verification codes, invitations) and tiny generated PNG images.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/global-browser';
import type { TestStack } from '../support/local-stack';
import { mailTo, type StoredMail, waitForMail } from '../support/mail';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SHOTS = join(ROOT, 'test-results');

/** Browser suites serve the built SPA (web/dist): fail early with the fix when it is missing. */
export function assertSpaBuilt(): void {
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html')))
    throw new Error('Build the SPA first: npm run build:web');
}

/**
 * The run's one Chromium (test/support/global-browser.ts), connected to: closing this connection
 * closes the contexts this file opened and leaves the browser to the other files. Outside the
 * browser tier (no shared browser), Debian's headless Chromium is launched for the caller.
 */
export async function launchChromium(): Promise<Browser> {
  const failure = inject('chromiumError');
  if (failure) throw new Error(failure);
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A page in a fresh browser context (its own cookies and storage: a separate browser, as far as
 * the app can tell). Waits give up after `timeoutMs`, so a broken step fails well inside the test
 * time-out with the step's own message.
 */
export async function newPage(
  browser: Browser,
  timeoutMs = 15_000,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  context.setDefaultTimeout(timeoutMs);
  return context.newPage();
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The page's title, polled: the SPA sets it after the route renders. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/** E-mail helpers are shared with the integration tests (test/support/mail.ts). */
export { mailTo, sentMail, waitForMail } from '../support/mail';
export type SentMail = StoredMail;

const CODE = /\b(\d{6})\b/;
/** Cognito's verification and password-reset e-mails carry the code in the subject. */
export const isCodeMail = (mail: SentMail) => CODE.test(mail.subject);

/** The verification code of the (`after` + 1)-th code e-mail to `address`. */
export async function waitForCode(stack: TestStack, address: string, after = 0): Promise<string> {
  const mail = await waitForMail(stack, address, { match: isCodeMail, after });
  return CODE.exec(mail.subject)![1];
}

/** How many code e-mails `address` has received: pass as `after` before a step that sends one. */
export async function codeMailCount(stack: TestStack, address: string): Promise<number> {
  return (await mailTo(stack, address, isCodeMail)).length;
}

/** A valid RGB PNG of `width` × `height` whose pixels come from `pixel`. */
export function pngBytes(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0 (none)
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Signs in through the UI at `appUrl` in a new context of this width; resolves once the page's
 * websocket is authorized, so live events flow from then on.
 */
export async function signInLive(
  browser: Browser,
  appUrl: string,
  email: string,
  password: string,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const authorized = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('WS-AUTHORIZED')) resolve();
      }),
    );
  });
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Work Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${appUrl}/`);
  await authorized;
  return page;
}

/** The answer library's rows (the Answers list). */
export const libraryRows = (page: Page) => page.getByRole('list', { name: 'Answers' }).getByRole('listitem');

/** A collection in the answer library's Collections navigation. */
export const libraryCollection = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Collections' }).getByText(name, { exact: true });
