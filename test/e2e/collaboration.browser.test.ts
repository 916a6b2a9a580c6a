/**
 * The collaboration panel with two people on the same question (spec 002 §2.1, §3, §5): Ada
 * mentions Ben through the mention picker and copies an outside auditor; Ben, whose panel is open,
 * gets the toast and the e-mail and sees the comment appear without a reload; then replies by
 * e-mail (Ben's and the auditor's) sent through the local SMTP listener to the e-mail's Reply-To
 * address appear in both open panels as comments, the auditor's under the sender's address.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { replyAddressOf, sendToSmtpListener, waitForMail } from '../support/mail';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, SHOTS, signInLive } from './support';

const run = Date.now().toString(36);
const ADA = { email: `ada-${run}@initech.test`, givenName: 'Ada', lastName: 'Admin' };
const BEN = { email: `ben-${run}@initech.test`, givenName: 'Ben', lastName: 'Member' };
const AUDITOR = `auditor-${run}@external.test`;
const QUESTION = 'How long do you retain customer data after the contract ends?';
/** What Ada's composer holds once Ben is picked: the mention reads as his name. */
const WRITTEN = 'Can you confirm the retention period @Ben Member please? The policy says seven years.';

let stack: TestStack;
let browser: Browser;
let ada: Person;
let ben: Person;
let projectId: string;
let questionId: string;
const resources = new Resources();

beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  const api = client(stack);
  const { register, join: joinTeam } = people(stack, api);
  ada = await register(ADA.email, 'Initech Security', ADA);
  ben = await joinTeam(ada, BEN.email, 'ROLE_MEMBER', BEN);
  const project = await api.as(ada.token).call('createProject', { body: { name: 'Initech Vendor Review' } });
  expect(project.status).toBe(200);
  projectId = project.body.data.projectId;
  const question = await api
    .as(ada.token)
    .call('addQuestion', { params: { projectId }, body: { question: QUESTION } });
  expect(question.status).toBe(200);
  questionId = question.body.data.questionId;
  browser = await resources.start(launchChromium(), (b) => b.close());
}, 240_000);

afterAll(() => resources.stopAll());

/** Signs in through the UI (websocket authorized), opens the question and its collaboration panel. */
async function openPanel(email: string): Promise<Page> {
  const page = await signInLive(browser, stack.appUrl, email, TEST_PASSWORD, { width: 1440, height: 900 });
  await page.goto(`${stack.appUrl}/Projects/${projectId}/${questionId}`);
  await page.getByText(QUESTION).first().waitFor();
  await page.getByRole('button', { name: /^Collaboration/ }).click();
  await page.getByTestId('collaboration-panel').waitFor();
  return page;
}

const comments = (page: Page) => page.getByTestId('collaboration-panel').getByTestId('comment');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Comment' });

describe('collaboration panel', () => {
  it('delivers a mention live and by e-mail, and e-mail replies come back as comments without a reload', async () => {
    const adaPage = await openPanel(ADA.email);
    const benPage = await openPanel(BEN.email);
    await benPage.getByText('No comments yet').waitFor();
    let benReloaded = false;
    benPage.on('framenavigated', (frame) => {
      if (frame === benPage.mainFrame()) benReloaded = true;
    });
    // Watch for the toast from before the comment: it closes itself after a few seconds.
    const toast = benPage.getByText('Ada Admin mentioned you', { exact: true });
    const toastShown = toast.waitFor({ timeout: 20_000 });

    // Ada writes a comment, picking Ben in the mention picker with the keyboard.
    await composer(adaPage).click();
    await composer(adaPage).pressSequentially('Can you confirm the retention period @be');
    const option = adaPage.getByRole('option', { name: /Ben Member/ });
    await option.waitFor();
    await composer(adaPage).press('Enter');
    await composer(adaPage).pressSequentially('please? The policy says seven years.');
    await expect.poll(() => composer(adaPage).inputValue()).toBe(WRITTEN);
    await expect
      .poll(() => adaPage.getByTestId('comment-counter').textContent())
      .toBe(`${WRITTEN.length}/4000`);

    // She copies the auditor; an invalid and a duplicate address are refused with the spec's message.
    await adaPage.getByRole('button', { name: 'Recipients' }).click();
    const address = adaPage.getByLabel('Email address');
    await address.fill('not-an-address');
    await address.press('Enter');
    await adaPage.getByText('Pleae check the email address is valid').waitFor();
    await address.fill(AUDITOR);
    await address.press('Enter');
    await address.fill(AUDITOR.toUpperCase());
    await address.press('Enter');
    await adaPage.getByText('Pleae check the email address is valid').waitFor();
    await adaPage.getByRole('button', { name: 'Done' }).click();

    const sent = adaPage.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/questions/${questionId}/comments`),
    );
    await adaPage.getByRole('button', { name: 'Send' }).click();
    const body = (await sent).postDataJSON();
    // What is sent is segments: the mention is a MEMBER segment, no mention markup is in the text.
    expect(body).toEqual({
      segments: [
        { type: 'TEXT', content: 'Can you confirm the retention period ' },
        { type: 'MEMBER', content: ben.userId },
        { type: 'TEXT', content: ' please? The policy says seven years.' },
      ],
      emailList: [AUDITOR],
    });
    await comments(adaPage).first().waitFor();
    await expect.poll(() => composer(adaPage).inputValue()).toBe('');

    // Ben: the toast, the comment in his open panel (no reload), and the e-mail with a reply address.
    await toastShown;
    await comments(benPage).first().waitFor();
    await expect.poll(() => comments(benPage).count()).toBe(1);
    await expect.poll(() => benPage.getByTestId('comment-author').first().textContent()).toBe('Ada Admin');
    await expect.poll(() => benPage.getByTestId('comment-mention').first().textContent()).toBe('@Ben Member');
    await expect.poll(() => benPage.getByTestId('comment-body').first().textContent()).toBe(WRITTEN);
    await benPage.screenshot({ path: join(SHOTS, 'collaboration-mention-1440.png') });

    const mentionMail = await waitForMail(stack, BEN.email, {
      match: (m) => m.subject.includes('mentioned you'),
      timeoutMs: 20_000,
    });
    expect(mentionMail.text).toContain('The policy says seven years.');
    const copyMail = await waitForMail(stack, AUDITOR, { timeoutMs: 20_000 });

    // Ben answers by e-mail, quoting the original: only his own words become the comment.
    await sendToSmtpListener(stack, {
      from: BEN.email,
      to: replyAddressOf(mentionMail),
      text: 'Confirmed with Legal: seven years after the contract ends.',
      quoting: mentionMail,
    });
    const benReply = comments(benPage).filter({ hasText: 'Confirmed with Legal' });
    await benReply.waitFor({ timeout: 20_000 });
    await expect.poll(() => benReply.getByTestId('comment-author').textContent()).toBe('Ben Member');
    await expect
      .poll(() => benReply.getByTestId('comment-body').textContent())
      .toBe('Confirmed with Legal: seven years after the contract ends.');
    await comments(adaPage).filter({ hasText: 'Confirmed with Legal' }).waitFor({ timeout: 20_000 });

    // The auditor, outside the team, replies to the copy: shown under the sender's address.
    await sendToSmtpListener(stack, {
      from: AUDITOR,
      to: replyAddressOf(copyMail),
      text: 'Thank you, that answers our question.',
      quoting: copyMail,
    });
    const auditorReply = comments(benPage).filter({ hasText: 'Thank you, that answers our question.' });
    await auditorReply.waitFor({ timeout: 20_000 });
    await expect.poll(() => auditorReply.getByTestId('comment-author').textContent()).toBe(AUDITOR);
    await expect.poll(() => comments(benPage).count()).toBe(3);
    expect(await benPage.getByTestId('collaboration-panel').textContent()).not.toContain('wrote:');
    expect(benReloaded).toBe(false);
    await benPage.screenshot({ path: join(SHOTS, 'collaboration-replies-1440.png') });

    // The activity feed names the people who commented, newest first.
    await benPage.getByRole('tab', { name: 'Activity' }).click();
    await benPage.getByTestId('activity-entry').first().waitFor();
    expect(await benPage.getByTestId('activity-entry').first().textContent()).not.toMatch(/\{user:/);

    // Phones: the panel, in its full-screen sheet, stays readable.
    await benPage.getByRole('tab', { name: 'Discussion' }).click();
    await benPage.setViewportSize({ width: 375, height: 812 });
    // On a phone the panel moves from beside the answer into a full-screen sheet (a new element):
    // wait for it there rather than scroll the one being replaced.
    const sheetPanel = benPage
      .getByRole('dialog', { name: 'Collaboration' })
      .getByTestId('collaboration-panel');
    await sheetPanel.waitFor();
    await sheetPanel.scrollIntoViewIfNeeded();
    await benPage.screenshot({ path: join(SHOTS, 'collaboration-375.png') });

    // Once the project is complete, the discussion stays readable but the composer is gone (live).
    expect(await composer(benPage).count()).toBe(1);
    const completed = await client(stack)
      .as(ada.token)
      .call('updateProject', { params: { projectId }, body: { projectStatus: 'COMPLETE' } });
    expect(completed.status).toBe(200);
    await benPage
      .getByText('This project is complete; its discussion is read-only.')
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => composer(benPage).count()).toBe(0);
    expect(await comments(benPage).count()).toBe(3);
  });
});

/** The element's box lies inside the viewport (and `within`, when given): nothing of it is clipped. */
async function expectInView(page: Page, locator: ReturnType<Page['locator']>, within?: typeof locator) {
  const viewport = page.viewportSize() as { width: number; height: number };
  // Where it rests: drawers and dialogs slide in, so wait until no transition is running (endless
  // ones, like a loader's spin, aside) and two animation frames agree on the element's box.
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = '';
        const step = () => {
          const { x, y, width, height } = element.getBoundingClientRect();
          const now = `${x},${y},${width},${height}`;
          const moving = document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
          if (now === last && !moving) resolve();
          else {
            last = now;
            requestAnimationFrame(step);
          }
        };
        requestAnimationFrame(step);
      }),
  );
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const { x, y, width, height } = box as NonNullable<typeof box>;
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(y + height).toBeLessThanOrEqual(viewport.height + 0.5);
  if (within) {
    const outer = (await within.boundingBox()) as NonNullable<typeof box>;
    expect(x + width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    expect(x).toBeGreaterThanOrEqual(outer.x - 0.5);
  }
}

describe('the answering screen on a phone and beside the panel (issue 29)', () => {
  it('opens the collaboration panel where the user is at 375 px, and keeps the Documents tab in view at 1440 px', async () => {
    // Prepare: an open project with one question Ada added by hand.
    const api = client(stack);
    const created = await api.as(ada.token).call('createProject', { body: { name: 'Initech Phone Review' } });
    const phoneProject = created.body.data.projectId as string;
    const added = await api
      .as(ada.token)
      .call('addQuestion', { params: { projectId: phoneProject }, body: { question: QUESTION } });
    const phoneQuestion = added.body.data.questionId as string;
    const wide = await signInLive(browser, stack.appUrl, ADA.email, TEST_PASSWORD, {
      width: 1440,
      height: 900,
    });
    const phone = await signInLive(browser, stack.appUrl, ADA.email, TEST_PASSWORD, {
      width: 375,
      height: 812,
    });
    const at = `${stack.appUrl}/Projects/${phoneProject}/${phoneQuestion}`;

    // Act (1440 px): the panel open beside the answer.
    await wide.goto(at);
    await wide.getByText(QUESTION).first().waitFor();
    await wide.getByRole('button', { name: /^Collaboration/ }).click();
    await wide.getByTestId('collaboration-panel').waitFor();

    // Assess: every tab of the answer pane, Documents included, is on screen and not clipped.
    const tabList = wide.getByRole('tablist').filter({ has: wide.getByRole('tab', { name: 'Documents' }) });
    for (const name of [
      'Suggested Answers',
      'Search Answers',
      'Favourite Answers',
      'Explore Questions',
      'Documents',
    ])
      await expectInView(wide, wide.getByRole('tab', { name }), tabList);
    await wide.getByRole('tab', { name: 'Documents' }).click();
    await wide.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    await wide.screenshot({ path: join(SHOTS, 'answering-documents-tab-1440.png') });

    // Act (375 px): Collaboration opens a full-screen sheet over the question, at the top.
    await phone.goto(at);
    await phone.getByText(QUESTION).first().waitFor();
    await phone.getByRole('tab', { name: 'Documents' }).scrollIntoViewIfNeeded();
    await expectInView(phone, phone.getByRole('tab', { name: 'Documents' }));
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.screenshot({ path: join(SHOTS, 'answering-375.png'), fullPage: true });
    await phone.getByRole('button', { name: /^Collaboration/ }).click();
    const sheet = phone.getByRole('dialog', { name: 'Collaboration' });
    await sheet.waitFor();

    // Assess: the panel, its tabs and the composer are where the user is, without scrolling.
    await phone.waitForFunction(() => {
      const panel = document.querySelector('[data-testid="collaboration-panel"]')?.getBoundingClientRect();
      return panel && panel.left >= 0 && Math.abs(panel.right - window.innerWidth) < 1;
    });
    expect(await phone.evaluate(() => window.scrollY)).toBe(0);
    await expectInView(phone, sheet.getByRole('heading', { name: 'Collaboration' }));
    await expectInView(phone, sheet.getByRole('tab', { name: 'Activity' }));
    await expectInView(phone, sheet.getByRole('textbox', { name: 'Comment' }));
    await expectInView(phone, sheet.getByRole('button', { name: 'Send' }));
    await phone.screenshot({ path: join(SHOTS, 'collaboration-sheet-375.png') });
    // A comment from the sheet lands in it.
    await sheet.getByRole('textbox', { name: 'Comment' }).fill('Checked on my phone: seven years.');
    await sheet.getByRole('button', { name: 'Send' }).click();
    await sheet.getByTestId('comment').filter({ hasText: 'Checked on my phone' }).waitFor();
    // Its dialogs: Recipients.
    await sheet.getByRole('button', { name: 'Recipients' }).click();
    const recipients = phone.getByLabel('Email address');
    await recipients.waitFor();
    await expectInView(phone, recipients);
    await phone.screenshot({ path: join(SHOTS, 'collaboration-recipients-375.png') });
    await phone.getByRole('button', { name: 'Done' }).click();
    // Closing the sheet returns to the question.
    await sheet.getByRole('button', { name: 'Close collaboration panel' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await expectInView(phone, phone.getByRole('button', { name: /^Collaboration/ }));

    // The answering screen's other panels and dialogs at 375 px: History, Add Question, upload.
    await phone.getByRole('button', { name: 'More' }).click();
    await phone.getByRole('menuitem', { name: 'History' }).click();
    const history = phone.getByRole('dialog', { name: 'History' });
    await history.waitFor();
    await expectInView(phone, history);
    await phone.screenshot({ path: join(SHOTS, 'answering-history-375.png') });
    await phone.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await phone.getByRole('tab', { name: 'Documents' }).click();
    await phone.screenshot({ path: join(SHOTS, 'answering-documents-375.png'), fullPage: true });
    await phone.getByRole('button', { name: 'Upload File' }).click();
    const upload = phone.getByRole('dialog', { name: 'Upload File' });
    await upload.waitFor();
    await expectInView(phone, upload);
    await phone.screenshot({ path: join(SHOTS, 'answering-upload-375.png') });
    await phone.keyboard.press('Escape');
    await upload.waitFor({ state: 'hidden' });
    await phone.getByRole('button', { name: 'Add Question' }).first().click();
    const adding = phone.getByRole('dialog', { name: 'Add Question' });
    await adding.waitFor();
    await expectInView(phone, adding);
    await phone.screenshot({ path: join(SHOTS, 'answering-add-question-375.png') });
  });
});
