/**
 * One customer file never takes the product down (issue 27 part 0): with the heavy jobs run as
 * `npm start` runs them — each in a process of its own with a time and memory budget — a file
 * whose reading outlives the budget (a 50,000-question workbook, about 4 s to read here, against a
 * 1.5 s budget; marking it FAILED, and reading a small file, fit well within it) ends
 * FAILED with a reason the user can act on, every API call answers while it is read, and the next
 * file is read as usual by a fresh process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVER_BUDGET } from '../../functions/sources/processor';
import { buildQuestionnaireCsv, buildQuestionnaireXlsx } from '../../scripts/fixtures/workbooks';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { importSource } from '../support/sources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person;

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false, budgetedJobs: { timeoutMs: 1_500 } }), (s) =>
    s.stop(),
  );
  api = client(stack);
  admin = await people(stack, api).register('bianca@umbrella.test', 'Umbrella Assurance', {
    givenName: 'Bianca',
    lastName: 'Budget',
  });
}, 180_000);

afterAll(() => resources.stopAll());

describe('heavy jobs in a budgeted process', () => {
  it('fails a file that outlives the budget with a reason, answering every call meanwhile', {
    timeout: 120_000,
  }, async () => {
    // Prepare
    const as = api.as(admin.token);
    const { projectId } = (await as.call('createProject', { body: { name: 'Budget check' } })).body.data;
    const big = await buildQuestionnaireXlsx({ questions: 50_000 });
    const health: number[] = [];
    let reading = true;
    const probe = (async () => {
      while (reading) {
        health.push((await fetch(`${stack.appUrl}/api/health`)).status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    // Act
    const failed = await importSource(as, projectId, 'Huge questionnaire.xlsx', big.bytes, {
      allowFailure: true,
    });
    reading = false;
    await probe;
    const small = await importSource(
      as,
      projectId,
      'Small.csv',
      new TextEncoder().encode(buildQuestionnaireCsv(5).text),
    );

    // Assess
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe(OVER_BUDGET);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);
    expect(small.status).toBe('READY');
  });
});
