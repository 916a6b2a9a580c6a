/**
 * Quiz Central in the browser (issue 16), from template to answers: the demo user writes a quiz
 * template (sections, questions, a keyboard reorder within and across sections), sends it to someone
 * with no account; the recipient opens the invitation e-mail (read from the mail viewer), signs up
 * from its link, creates a team, accepts the quiz from the team inbox, answers two questions and
 * closes the project; the sender's Sent list turns Answered live and shows the answers.
 * Screenshots (1440 px wide) go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import {
  assertSpaBuilt,
  codeMailCount,
  launchChromium,
  shot,
  signInLive,
  waitForCode,
  waitForMail,
} from './support';

const QUIZ = 'Cloud hosting supplier review';
const PASSWORD = 'Str0ng-Passw0rd!';
const RECIPIENT = `rowan-${Date.now().toString(36)}@contoso-cloud.example`;
const QUESTIONS = {
  rest: 'Do you encrypt customer data at rest?',
  transit: 'Do you encrypt data in transit with TLS 1.2 or later?',
  mfa: 'Is multi-factor authentication enforced for all staff?',
};

let stack: TestStack;
let browser: Browser;
let sender: Page;
let recipient: Page;
const api = client(() => stack);
const resources = new Resources();
let quizId: string;
let projectId: string;

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  sender = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 180_000);

afterAll(() => resources.stopAll());

/** The question texts of each section of the editor, in order. */
const sections = (page: Page) =>
  page
    .locator('section[data-section-id]')
    .evaluateAll((els) =>
      els.map((el) =>
        [...el.querySelectorAll('textarea[aria-label^="Question"]')].map(
          (t) => (t as HTMLTextAreaElement).value,
        ),
      ),
    );

// Buttons and links near the top right are pressed with the keyboard, as a keyboard user would:
// live notification toasts (the seeded demo invitations announce themselves while the test runs)
// sit over that corner and would take a pointer's click.

/**
 * Moves an item with the keyboard: its grip, Space, the arrow `steps` times, Space. Each key waits
 * for the board's spoken announcement of it (picked up, over the next item), as a screen reader user
 * would, so a slow machine never presses an arrow before the drag has started; the drop waits for no
 * grip to be held any more. (The drop is not awaited by its announcement: once, on a loaded machine,
 * the live region read empty after the drop; where the item went is what the caller asserts.)
 */
async function keyboardMove(page: Page, grip: string, key: 'ArrowUp' | 'ArrowDown', steps = 1) {
  const said = async () => (await page.locator('[id^="DndLiveRegion"]').textContent()) ?? '';
  const held = () => page.locator('[aria-roledescription="sortable"][aria-pressed="true"]').count();
  // The pick-up is tried again if no grip is held after a while: on a loaded machine a re-render
  // (the saved quiz read back) once took the focus from the grip before Space reached it.
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: grip, exact: true }).focus();
    await page.keyboard.press('Space');
    try {
      await expect.poll(held, { timeout: 4_000 }).toBe(1);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  // "Picked up question 2 in Section 1.", then "question 2 in Section 1 is over question 2 in Section 1."
  await expect.poll(said).toMatch(/ is over /);
  for (let i = 0; i < steps; i++) {
    const before = await said();
    await page.keyboard.press(key);
    await expect.poll(said).not.toBe(before);
  }
  await page.keyboard.press('Space');
  await expect.poll(held).toBe(0);
}

describe('a quiz from template to answers', () => {
  it('writes a template with two sections and reorders its questions with the keyboard', async () => {
    // Prepare
    await sender.goto(`${stack.appUrl}/Quiz/?tab=templates`);
    await sender.getByRole('heading', { name: 'Quiz Templates' }).waitFor();
    await sender.getByRole('link', { name: 'Create Quiz Template' }).press('Enter');
    await sender.waitForURL(`${stack.appUrl}/Quiz/New`);

    // Act: the name is required first.
    await sender.getByRole('button', { name: 'Save Quiz', exact: true }).press('Enter');
    await sender.getByText('Please give the quiz a name').first().waitFor();
    await sender.getByRole('textbox', { name: 'Name', exact: true }).fill(QUIZ);
    await sender.getByLabel('Description').fill('For suppliers that host or process our customers’ data.');
    await sender.getByRole('textbox', { name: 'Question 1', exact: true }).fill(QUESTIONS.transit);
    await sender.getByRole('button', { name: /^Add Question to/ }).press('Enter');
    await sender.keyboard.type(QUESTIONS.rest);
    await sender.getByRole('button', { name: 'Add a new section', exact: true }).press('Enter');
    await sender.keyboard.type('Access control');
    await sender.getByRole('button', { name: 'Add Question to Access control', exact: true }).press('Enter');
    await sender.keyboard.type(QUESTIONS.mfa);
    await sender.getByRole('button', { name: 'Save Quiz', exact: true }).press('Enter');
    await sender.waitForURL(/\/Quiz\/[^/]+\/Edit$/);
    quizId = sender.url().split('/').at(-2) as string;
    await sender.getByRole('heading', { name: 'Edit Quiz' }).waitFor();
    await expect.poll(() => sections(sender)).toEqual([[QUESTIONS.transit, QUESTIONS.rest], [QUESTIONS.mfa]]);

    // Act: within a section (the second question up), then across sections (the last one up into the first).
    await keyboardMove(sender, 'Move question 2', 'ArrowUp');
    await expect.poll(() => sections(sender)).toEqual([[QUESTIONS.rest, QUESTIONS.transit], [QUESTIONS.mfa]]);
    await keyboardMove(sender, 'Move question 3', 'ArrowUp');
    await expect
      .poll(() => sections(sender))
      .toEqual([[QUESTIONS.rest, QUESTIONS.transit, QUESTIONS.mfa], []]);
    await keyboardMove(sender, 'Move question 3', 'ArrowDown');
    await shot(sender, 'quiz-editor');
    await sender.getByRole('button', { name: 'Save Quiz', exact: true }).press('Enter');
    await sender.getByText('All changes saved').waitFor();

    // Assess: saved in the new order.
    const token = await stack.signIn(DEMO.email, DEMO.password);
    const saved = await api.as(token).call('getQuiz', { params: { quizId } });
    expect(
      saved.body.data.quizConfiguration.map((i: { itemLabel: string; itemType: string }) => i.itemLabel),
    ).toEqual(['Section 1', QUESTIONS.rest, QUESTIONS.transit, 'Access control', QUESTIONS.mfa]);
  });

  it('sends it to someone with no account, who signs up from the e-mail and accepts it as a project', async () => {
    // Prepare
    await sender.getByRole('link', { name: 'Send Quiz to someone' }).first().press('Enter');
    await sender.waitForURL(`${stack.appUrl}/Quiz/${quizId}/Invite`);

    // Act: send.
    await sender.getByLabel("Recipient's email address").fill(RECIPIENT);
    await sender.getByRole('button', { name: 'Send', exact: true }).press('Enter');
    await sender.getByText('Invitation Sent').waitFor();
    await sender.getByText(`Email sent to ${RECIPIENT}`).waitFor();
    await shot(sender, 'quiz-invitation-sent');

    // Act: the recipient reads the e-mail in the mail viewer and follows its link.
    const mail = await waitForMail(stack, RECIPIENT, { match: (m) => m.subject.includes(QUIZ) });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(20_000);
    recipient = await context.newPage();
    await recipient.goto(stack.mailUrl);
    await recipient.getByText(mail.subject).first().waitFor();
    await shot(recipient, 'quiz-invitation-mail');
    const link = mail.text.match(/https?:\/\/\S+\/Signup\?email=\S+/)?.[0];
    expect(link).toBe(`${stack.appUrl}/Signup?email=${encodeURIComponent(RECIPIENT)}`);
    await recipient.goto(link as string);
    await recipient.getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => recipient.getByLabel('Work Email').inputValue()).toBe(RECIPIENT);
    await recipient.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const codes = await codeMailCount(stack, RECIPIENT);
    await recipient.getByRole('button', { name: 'Create Account' }).click();
    await recipient.getByLabel('Verification Code').fill(await waitForCode(stack, RECIPIENT, codes));
    await recipient.getByRole('button', { name: 'Confirm Account' }).click();
    await recipient.getByLabel('First name').fill('Rowan');
    await recipient.getByLabel('Last name').fill('Recipient');
    await recipient.getByRole('button', { name: 'Complete Registration' }).click();
    await recipient.getByRole('link', { name: 'Create a new team' }).click();
    await recipient.getByRole('button', { name: 'Create my team' }).click();
    await recipient.waitForURL(`${stack.appUrl}/`);

    // Assess: home tells them where the quiz is, a notification pointing to Quiz Central's inbox (issue 29).
    const notice = recipient.getByText(/Accept it in Quiz Central to answer it as a project\./).first();
    await notice.waitFor();
    expect(await recipient.getByText('You have no notifications yet').count()).toBe(0);
    await shot(recipient, 'quiz-recipient-home-1440');
    await recipient.setViewportSize({ width: 375, height: 812 });
    await notice.scrollIntoViewIfNeeded();
    await shot(recipient, 'quiz-recipient-home-375');
    await recipient.setViewportSize({ width: 1440, height: 900 });

    // Act: the notification leads to the quiz, waiting in the new team's inbox.
    await notice.click();
    await recipient.waitForURL(`${stack.appUrl}/Quiz/?tab=inbox`);
    await recipient.getByRole('heading', { name: 'Team Inbox' }).waitFor();
    const row = recipient.getByRole('row').filter({ hasText: QUIZ });
    await row.getByText('Demo Team').waitFor();
    await shot(recipient, 'quiz-recipient-inbox');
    await row.getByRole('button', { name: /^Accept/ }).press('Enter');

    // Assess: a project of the team, named after the quiz, with the quiz's questions.
    await recipient.waitForURL(/\/Projects\/[^/]+$/);
    projectId = recipient.url().split('/').at(-1) as string;
    await recipient.getByRole('heading', { name: QUIZ }).waitFor();
    await recipient.getByText('Normal Priority', { exact: false }).first().waitFor();
    await shot(recipient, 'quiz-accepted-project');
  });

  it('the recipient answers two questions and closes the project; the sender sees the answers come back', async () => {
    // Prepare
    const token = await stack.signIn(RECIPIENT, PASSWORD);
    const listed = await api.as(token).call('listQuestions', { params: { projectId } });
    const questions = listed.body.data.items as Array<{ questionId: string; question: string }>;
    expect(questions.map((q) => q.question)).toEqual([QUESTIONS.rest, QUESTIONS.transit, QUESTIONS.mfa]);
    await sender.goto(`${stack.appUrl}/Quiz/?tab=sent`);
    const sentRow = sender.getByRole('row').filter({ hasText: RECIPIENT });
    await sentRow.getByText('In progress', { exact: true }).waitFor();

    // Act: answer two questions in the answering screen.
    const answers = [
      'Yes. Customer data is encrypted at rest with AES-256; keys are held in a managed key service.',
      'Yes. TLS 1.2 or later on every public endpoint; older versions are refused.',
    ];
    for (const [i, text] of answers.entries()) {
      await recipient.goto(`${stack.appUrl}/Projects/${projectId}/${questions[i].questionId}`);
      await recipient.locator('#answer-text').fill(text);
      await recipient.getByRole('checkbox', { name: 'Compliant', exact: true }).check();
      await recipient.getByRole('button', { name: 'Save & Next' }).click();
      await recipient.waitForURL((url) => !url.pathname.endsWith(questions[i].questionId));
    }
    // Close the project from its dashboard.
    await recipient.goto(`${stack.appUrl}/Projects/${projectId}`);
    await recipient.getByRole('button', { name: 'Manage Project' }).press('Enter');
    await recipient.getByRole('menuitem', { name: 'Close Project' }).press('Enter');
    await recipient
      .getByRole('dialog', { name: 'Close Project' })
      .getByRole('button', { name: 'Close Project' })
      .click();
    await recipient.getByText('The project has been closed successfully!').waitFor();

    // Assess: the sender's row turns Answered by itself, and the answers read back.
    await sentRow.getByText('Answered', { exact: true }).waitFor({ timeout: 30_000 });
    await sentRow.getByRole('button', { name: /View Answers/ }).press('Enter');
    const drawer = sender.getByRole('dialog');
    await drawer.getByText(answers[0]).waitFor();
    await drawer.getByText(answers[1]).waitFor();
    await drawer.getByText(QUESTIONS.mfa).waitFor();
    await expect.poll(() => drawer.getByText('Compliant', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await sender.waitForTimeout(400); // the drawer's slide-in
    await shot(sender, 'quiz-answers');
    const download = sender.waitForEvent('download');
    await drawer.getByRole('button', { name: /Export XLSX/ }).press('Enter');
    expect((await download).suggestedFilename()).toBe(`${QUIZ} - answers.xlsx`);
  });
});
