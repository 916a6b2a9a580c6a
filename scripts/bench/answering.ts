/**
 * Question answering at size, through the local gateway with real emulators, for a project of
 * 5,000 questions:
 *   - the list endpoint: the first page (200, what the screen asks for first) and the whole list
 *     (then pages of 1,000, as the screen follows the cursor), p50 / p99, beside the floor: raw
 *     DynamoDB Queries of the same items from here;
 *   - in headless Chromium (the built SPA): the time from navigation to the first rows painted and
 *     to the whole list counted, and the frame rate while the list is scrolled from top to bottom
 *     (requestAnimationFrame counted while the list scrolls 300 px a frame);
 *   - saving an answer (updateQuestion), p50 / p99, beside a raw UpdateItem.
 * Figures are printed, never asserted.
 */
import { QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../local/stack';
import { ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const QUESTIONS = 5_000;
const FIRST_PAGE = 200;
const NEXT_PAGE = 1_000;
const LIST_RUNS = 20;
const PAINT_RUNS = 5;
const SAVES = 100;
const SCROLL_STEP_PX = 300;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { firstRowsMs: 1_000, fps: 60 };

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const pair = ({ p50, p99 }: { p50: number; p99: number }) => `${ms(p50)} / ${ms(p99)}`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

const CLASSIFICATIONS = ['COMPLIANT', 'PARTIALLY-COMPLIANT', 'NON-COMPLIANT', 'NOT-APPLICABLE'] as const;

export async function benchAnswering(stack: LocalStack, token: string, addRow: AddRow) {
  const { documentClient } = await import('../../functions/common/db');
  const { db, newQuestionId } = await import('../../functions/common/entities');
  const { DEMO } = await import('../local/provision');
  const table = stack.env.TABLE_NAME;

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.appUrl}${path}`, {
      ...init,
      headers: { authorization: token, 'content-type': 'application/json' },
    });
    const body = (await response.json()) as { data: never };
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
    return body.data as Record<string, unknown>;
  };
  const user = await call('/api/user');
  const teamId = user.teamId as string;

  // A project of 5,000 questions, written as an import would; a third answered, some assigned.
  const project = await call('/api/projects/create', {
    method: 'POST',
    body: JSON.stringify({ name: `Bench answering ${QUESTIONS} questions` }),
  });
  const projectId = project.projectId as string;
  const at = Date.now();
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    teamId,
    projectId,
    questionId: newQuestionId(at, i),
    question: `Bench question ${i + 1}: do you review access to production systems at least quarterly, and is the review recorded?`,
    referenceNumber: `${Math.floor(i / 50) + 1}.${(i % 50) + 1}`,
    creationType: 'IMPORTED' as const,
    sectionDescription: `Section ${Math.floor(i / 250) + 1}`,
    ...(i % 3 === 0
      ? {
          answer:
            'Yes. Access to production is reviewed every quarter by the system owners; the review is recorded.',
          responseClassification: CLASSIFICATIONS[i % 4],
          responseStatus: i % 2 ? ('COMPLETE' as const) : ('IN-PROGRESS' as const),
        }
      : {}),
    ...(i % 5 === 0 ? { assignedToUserId: user.userId as string } : {}),
  }));
  const [, writeMs] = await timed(() => db().entities.question.put(questions).go({ concurrent: 8 }));
  await stack.reactions.drain();
  addRow(`Write ${QUESTIONS} questions (BatchWrite, here)`, ms(writeMs), '');

  // The list endpoint: the first page, and the whole list as the screen reads it.
  const listPath = `/api/projects/${projectId}/questions`;
  const wholeList = async () => {
    let cursor: string | null = null;
    let count = 0;
    let requests = 0;
    do {
      const query: string = `limit=${cursor ? NEXT_PAGE : FIRST_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await call(`${listPath}?${query}`)) as { items: unknown[]; cursor: string | null };
      count += page.items.length;
      cursor = page.cursor;
      requests++;
    } while (cursor);
    return { count, requests };
  };
  const { count: listed, requests: listRequests } = await wholeList();
  if (listed !== QUESTIONS) throw new Error(`The list endpoint returned ${listed} of ${QUESTIONS} questions`);
  const firsts: number[] = [];
  const wholes: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) {
    firsts.push((await timed(() => call(`${listPath}?limit=${FIRST_PAGE}`)))[1]);
    wholes.push((await timed(wholeList))[1]);
  }
  const queryInput = (limit: number, start?: Record<string, unknown>): QueryCommandInput => {
    const params = db().entities.question.query.primary({ teamId, projectId }).params() as QueryCommandInput;
    return { ...params, TableName: table, Limit: limit, ExclusiveStartKey: start };
  };
  const floorWhole = async () => {
    let start: Record<string, unknown> | undefined;
    let count = 0;
    let first = true;
    do {
      const out = await documentClient.send(
        new QueryCommand(queryInput(first ? FIRST_PAGE : NEXT_PAGE, start)),
      );
      count += out.Items?.length ?? 0;
      start = out.LastEvaluatedKey;
      first = false;
    } while (start);
    return count;
  };
  const floorCount = await floorWhole();
  if (floorCount !== QUESTIONS) throw new Error(`The raw Query read ${floorCount} of ${QUESTIONS} questions`);
  const floorFirsts: number[] = [];
  const floorWholes: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) {
    floorFirsts.push((await timed(() => documentClient.send(new QueryCommand(queryInput(FIRST_PAGE)))))[1]);
    floorWholes.push((await timed(floorWhole))[1]);
  }
  const first = stats(firsts);
  const floorFirst = stats(floorFirsts);
  const whole = stats(wholes);
  const floorAll = stats(floorWholes);
  addRow(`Question list, first page (${FIRST_PAGE}) p50 / p99`, pair(first), '');
  addRow('  floor: raw Query p50 / p99', pair(floorFirst), '');
  addRow('  ratio p50 (call / floor)', ratio(first.p50, floorFirst.p50), '');
  addRow(`Question list, all ${QUESTIONS} (${listRequests} calls) p50 / p99`, pair(whole), '');
  addRow('  floor: raw Queries p50 / p99', pair(floorAll), '');
  addRow('  ratio p50 (calls / floor)', ratio(whole.p50, floorAll.p50), '');

  // The screen in headless Chromium.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('Work Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    // In the page: when the first row is in the DOM, the next animation frame is its paint.
    await context.addInitScript(() => {
      const w = window as unknown as { __firstRows?: number };
      const observer = new MutationObserver(() => {
        if (w.__firstRows !== undefined || !document.querySelector('[data-testid=question-row]')) return;
        w.__firstRows = -1;
        requestAnimationFrame(() => {
          w.__firstRows = performance.now();
        });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const screenUrl = `${stack.appUrl}/Projects/${projectId}/${questions[0].questionId}`;
    const firstRows: number[] = [];
    const allRows: number[] = [];
    const countText = `${QUESTIONS.toLocaleString('en')} questions`;
    for (let i = 0; i <= PAINT_RUNS; i++) {
      await page.goto(screenUrl);
      await page.waitForFunction(() => ((window as { __firstRows?: number }).__firstRows ?? -1) > 0);
      const painted = await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows);
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid=count-bar]')?.textContent === text,
        countText,
      );
      const counted = await page.evaluate(() => performance.now());
      // The first load warms the browser's cache of the SPA's files; it is not counted.
      if (i > 0) {
        firstRows.push(painted);
        allRows.push(counted);
      }
    }
    const paint = stats(firstRows);
    addRow(
      `Screen: navigation to first rows painted (p50 of ${PAINT_RUNS})`,
      ms(paint.p50),
      `< ${TARGETS.firstRowsMs} ms`,
      paint.p50 < TARGETS.firstRowsMs,
    );
    addRow(`  to all ${QUESTIONS} counted (p50)`, ms(stats(allRows).p50), '');

    // A string, not a function: tsx's keepNames would wrap named functions in a helper the page lacks.
    const scroll = (await page.evaluate(`new Promise((resolve) => {
      const list = document.querySelector('[data-testid=question-list]');
      list.scrollTop = 0;
      requestAnimationFrame(() => {
        let frames = 0, worst = 0, long = 0, rows = 0;
        const started = performance.now();
        let last = started;
        const tick = (now) => {
          frames++;
          worst = Math.max(worst, now - last);
          if (now - last > 20) long++;
          last = now;
          rows = Math.max(rows, list.querySelectorAll('[data-testid=question-row]').length);
          if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) {
            resolve({ frames, elapsed: now - started, worst, long, rows });
            return;
          }
          list.scrollTop += ${SCROLL_STEP_PX};
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    })`)) as { frames: number; elapsed: number; worst: number; long: number; rows: number };
    const fps = (scroll.frames / scroll.elapsed) * 1000;
    addRow(
      `Screen: scrolling all ${QUESTIONS} rows (${SCROLL_STEP_PX} px/frame)`,
      `${fps.toFixed(1)} fps`,
      `${TARGETS.fps} fps`,
      fps >= TARGETS.fps * 0.95,
    );
    addRow('  frames / longest / over 20 ms', `${scroll.frames} / ${ms(scroll.worst)} / ${scroll.long}`, '');
    addRow('  rows in the DOM at most', `${scroll.rows}`, '');
  } finally {
    await browser.close();
  }

  // Saving an answer.
  const save = (questionId: string, i: number) =>
    call(`/api/projects/${projectId}/questions/${questionId}/update`, {
      method: 'POST',
      body: JSON.stringify({
        answer: `Saved answer ${i}: access reviews run quarterly and are recorded in the GRC tool.`,
        responseClassification: 'COMPLIANT',
      }),
    });
  const ids = questions.slice(1, SAVES + 1).map((q) => q.questionId);
  await save(questions[SAVES + 1].questionId, 0);
  const saves: number[] = [];
  for (let i = 0; i < SAVES; i++) saves.push((await timed(() => save(ids[i], i)))[1]);
  await stack.reactions.drain();
  const floorSaves: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const { Key } = db().entities.question.get({ teamId, projectId, questionId: ids[i] }).params() as {
      Key: object;
    };
    floorSaves.push(
      (
        await timed(() =>
          documentClient.send(
            new UpdateCommand({
              TableName: table,
              Key,
              UpdateExpression: 'SET #a = :a',
              ExpressionAttributeNames: { '#a': 'benchAnswer' },
              ExpressionAttributeValues: { ':a': `floor ${i}` },
            }),
          ),
        )
      )[1],
    );
  }
  await stack.reactions.drain();
  const saved = stats(saves);
  const floorSave = stats(floorSaves);
  addRow(`Save an answer (updateQuestion, ${SAVES}) p50 / p99`, pair(saved), '');
  addRow('  floor: raw UpdateItem p50 / p99', pair(floorSave), '');
  addRow('  ratio p50 (call / floor)', ratio(saved.p50, floorSave.p50), '');
}
