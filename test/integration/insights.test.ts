/**
 * Insights and the public analytics API through the local gateway (issue 15): the answered-question
 * rows kept from the stream, search by date, compliance, project and industry with PRIVATE rules,
 * the 100 cap, the CSV export produced by its job (BOM, quoting, headers, dates, neutralised
 * formulas), and the public API with its client id and key, paging headers, revocation on
 * regeneration and the per-key rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS_PER_MINUTE, API_KEY_FAILURES, API_KEY_MESSAGES } from '../../functions/common/api-keys';
import { db, newQuestionId } from '../../functions/common/entities';
import type { Industry } from '../../shared/industries';
import {
  DATE_MESSAGE,
  INSIGHTS_CSV_HEADERS,
  type InsightResult,
  type InsightsExport,
} from '../../shared/schemas/insights';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
let outsider: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

let open: { projectId: string; ids: string[] };
let secret: { projectId: string; ids: string[] };
const today = new Date().toISOString().slice(0, 10);

async function project(name: string, questions: string[], industryVertical: Industry) {
  const { projectId } = ok(await as(owner).call('createProject', { body: { name } }), 'createProject');
  ok(
    await as(owner).call('updateProject', { params: { projectId }, body: { industryVertical } }),
    'industry',
  );
  const ids: string[] = [];
  for (const question of questions) {
    ids.push(
      ok(await as(owner).call('addQuestion', { params: { projectId }, body: { question } }), 'add')
        .questionId,
    );
  }
  return { projectId, ids };
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('ines@tailspin.test', 'Tailspin Toys', { givenName: 'Ines', lastName: 'Insights' });
  member = await join(owner, 'mateo@tailspin.test', 'ROLE_MANAGER', {
    givenName: 'Mateo',
    lastName: 'Manager',
  });
  outsider = await register('olga@litware.test', 'Litware', { givenName: 'Olga', lastName: 'Outsider' });

  open = await project(
    'Northwind — Vendor Security Assessment',
    [
      'Is customer data encrypted at rest?',
      'Do you enforce multi-factor authentication for administrators?',
      'Do you hold a current SOC 2 Type II report?',
      'Is there a documented incident response plan?',
    ],
    'Retail',
  );
  secret = await project(
    'Contoso — Confidential Deal Review',
    ['Do you run annual penetration tests?'],
    'Banking',
  );
  const share = { accessVisibility: 'PRIVATE' as const, shareWith: [owner.userId] };
  ok(
    await as(owner).call('updateProjectAccess', { params: { projectId: secret.projectId }, body: share }),
    'private',
  );

  const save = async (
    person: Person,
    p: { projectId: string },
    questionId: string,
    body: Record<string, unknown>,
  ) =>
    ok(
      await as(person).call('updateQuestion', { params: { projectId: p.projectId, questionId }, body }),
      'save',
    );
  await save(member, open, open.ids[0], { answer: 'Yes: AES-256 with keys in a managed KMS.' });
  await save(owner, open, open.ids[0], { responseClassification: 'COMPLIANT' });
  await save(member, open, open.ids[1], {
    answer: 'Yes, for every administrator, with hardware keys.',
    responseClassification: 'COMPLIANT',
  });
  await save(member, open, open.ids[2], {
    answer: '=HYPERLINK("http://evil.example","SOC 2 report")',
    responseClassification: 'PARTIALLY-COMPLIANT',
  });
  // Classified but never answered: not an answered question.
  await save(member, open, open.ids[3], { responseClassification: 'NON-COMPLIANT' });
  await save(owner, secret, secret.ids[0], {
    answer: 'Yes, by an accredited firm, every March.',
    responseClassification: 'COMPLIANT',
  });
  await stack.settle();
}, 180_000);

afterAll(() => resources.stopAll());

const search = async (person: Person, body: Record<string, unknown> = {}) =>
  ok<{ results: InsightResult[]; capped: boolean }>(
    await as(person).call('searchInsights', { body }),
    'search',
  );

describe('insights search', () => {
  it('finds the answered questions the caller may see, newest first, with who answered and classified', async () => {
    // Act
    const forMember = await search(member);
    const forOwner = await search(owner);

    // Assess
    expect(forMember.capped).toBe(false);
    expect(forMember.results.map((r) => r.question)).toEqual([
      'Do you hold a current SOC 2 Type II report?',
      'Do you enforce multi-factor authentication for administrators?',
      'Is customer data encrypted at rest?',
    ]);
    const encrypted = forMember.results[2];
    expect(encrypted).toMatchObject({
      name: 'Northwind — Vendor Security Assessment',
      industryVertical: 'Retail',
      responseClassification: 'COMPLIANT',
      answeredByUserId: member.userId,
      answeredByUser: 'Mateo Manager',
      classifiedByUserId: owner.userId,
      classifiedByUser: 'Ines Insights',
    });
    expect(forOwner.results.map((r) => r.name)).toContain('Contoso — Confidential Deal Review');
  });

  it('filters by compliance, answered dates, project and industry', async () => {
    expect((await search(owner, { complianceStatusList: 'PARTIALLY-COMPLIANT' })).results).toHaveLength(1);
    expect((await search(owner, { complianceStatusList: 'NON-COMPLIANT' })).results).toHaveLength(0);
    expect((await search(owner, { answeredAfter: today, answeredBefore: today })).results).toHaveLength(4);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await search(owner, { answeredAfter: tomorrow })).results).toHaveLength(0);
    expect((await search(owner, { projectId: secret.projectId })).results.map((r) => r.questionId)).toEqual(
      secret.ids,
    );
    expect((await search(owner, { industryVertical: 'Banking' })).results).toHaveLength(1);
    expect((await search(member, { industryVertical: 'Banking' })).results).toHaveLength(0);

    const hidden = await as(member).call('searchInsights', { body: { projectId: secret.projectId } });
    expect(hidden.status).toBe(404);
    const foreign = await as(outsider).call('searchInsights', { body: { projectId: open.projectId } });
    expect(foreign.status).toBe(404);
    const backwards = await as(owner).call('searchInsights', {
      body: { answeredAfter: '2026-03-01', answeredBefore: '2026-02-01' },
    });
    expect(backwards.status).toBe(400);
    const unknown = await as(owner).call('searchInsights', { body: { complianceStatusList: 'MAYBE' } });
    expect(unknown.status).toBe(400);
  });

  it('lists the projects and industries the caller may see', async () => {
    const projects = ok(await as(member).call('listInsightProjects'), 'projects');
    expect(projects.map((p: { name: string }) => p.name)).toEqual(['Northwind — Vendor Security Assessment']);
    const industries = ok(await as(owner).call('listInsightIndustries'), 'industries');
    expect(industries).toEqual([{ industryVertical: 'Banking' }, { industryVertical: 'Retail' }]);
  });

  it('drops a question whose answer is cleared', async () => {
    const params = { projectId: open.projectId, questionId: open.ids[1] };
    ok(await as(member).call('updateQuestion', { params, body: { answer: '' } }), 'clear');
    await stack.settle();
    expect((await search(member)).results.map((r) => r.questionId)).not.toContain(open.ids[1]);
    ok(
      await as(member).call('updateQuestion', {
        params,
        body: { answer: 'Yes, for every administrator, with hardware keys.' },
      }),
      'answer again',
    );
    await stack.settle();
    expect((await search(member)).results[0].questionId).toBe(open.ids[1]);
  });
});

describe('the 100 cap and the CSV export', () => {
  it('shows 100 and exports them all, as the spec’s CSV', async () => {
    // Prepare: 120 answered questions of an imported questionnaire (as an import writes them).
    const bulk = await project('Fabrikam — Annual Review', [], 'Healthcare');
    const teamId = owner.teamId as string;
    await db()
      .entities.question.put(
        Array.from({ length: 120 }, (_, i) => ({
          teamId,
          projectId: bulk.projectId,
          questionId: newQuestionId(Date.now(), i),
          question: `Control ${i + 1}: is it documented and reviewed every year?`,
          answer: `Yes: control ${i + 1} is reviewed by the security team.`,
          responseClassification: 'COMPLIANT' as const,
          responseStatus: 'COMPLETE' as const,
          creationType: 'IMPORTED' as const,
          updatedByUserId: member.userId,
        })),
      )
      .go();
    await stack.settle();

    // Act
    const found = await search(owner);
    const everyStatus = 'COMPLIANT,NON-COMPLIANT,PARTIALLY-COMPLIANT,NOT-APPLICABLE';
    const started = ok<InsightsExport>(
      await as(owner).call('startInsightsExport', { body: { complianceStatusList: everyStatus } }),
      'export',
    );
    const done = await eventually(async () => {
      const state = ok<InsightsExport>(
        await as(owner).call('getInsightsExport', { params: { exportId: started.exportId } }),
        'getInsightsExport',
      );
      if (state.status !== 'DONE') throw new Error(`export ${state.status}`);
      return state;
    });

    // Assess
    expect(found.results).toHaveLength(100);
    expect(found.capped).toBe(true);
    expect(done.rows).toBe(124);
    expect(done.fileName).toMatch(/export\.csv$/);
    const file = await fetch(done.url!);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(INSIGHTS_CSV_HEADERS.map((h) => `"${h}"`).join(','));
    expect(lines).toHaveLength(125);
    const soc = lines.find((l) => l.includes('SOC 2 Type II'))!;
    expect(soc).toContain(`"'=HYPERLINK(""http://evil.example"",""SOC 2 report"")"`);
    const [y, m, d] = today.split('-').map(Number);
    expect(soc).toContain(`"${y}-${m}-${d}"`);
    expect(soc).toContain('"Partially Compliant"');
    // Another member cannot read someone's export.
    expect(
      (await as(member).call('getInsightsExport', { params: { exportId: started.exportId } })).status,
    ).toBe(404);
  });
});

describe('the public analytics API', () => {
  const call = (headers: Record<string, string>, body: unknown = {}) =>
    fetch(`${stack.appUrl}/api/analytics/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const generate = async (person: Person) =>
    ok<{ clientId: string; apiKey: string }>(await as(person).call('generateApiKey'), 'generateApiKey');

  it('answers a page of every project’s answered questions, PRIVATE ones included, for the key’s team', async () => {
    // Prepare
    const { clientId, apiKey } = await generate(owner);
    const credentials = { client_id: clientId, client_secret: apiKey };

    // Act
    const page = await call(
      { ...credentials, limit: '2', offset: '1' },
      { complianceStatusList: 'COMPLIANT,PARTIALLY-COMPLIANT' },
    );
    const privateOnes = await call(credentials, { industryVertical: 'Banking' });

    // Assess
    expect(page.status).toBe(200);
    const items = (await page.json()).data as InsightResult[];
    expect(items).toHaveLength(2);
    const all = (await (await call({ ...credentials, limit: '1000' })).json()).data as InsightResult[];
    expect(items.map((i) => i.questionId)).toEqual(all.slice(1, 3).map((i) => i.questionId));
    expect(((await privateOnes.json()).data as InsightResult[]).map((i) => i.name)).toEqual([
      'Contoso — Confidential Deal Review',
    ]);
    expect((await call({ ...credentials, limit: '1001' })).status).toBe(400);
    expect((await call({ ...credentials, offset: '-1' })).status).toBe(400);
    expect((await call(credentials, { complianceStatusList: 'MAYBE' })).status).toBe(400);
    // A bad date is named once, not once per check it fails (issue 29).
    const badDate = await call(credentials, { answeredAfter: 'last week' });
    expect(badDate.status).toBe(400);
    expect((await badDate.json()).fieldErrors).toEqual({ answeredAfter: [DATE_MESSAGE] });
  });

  it('refuses missing, wrong and foreign keys, and the old key the moment a new one is generated', async () => {
    const first = await generate(owner);
    const theirs = await generate(outsider);
    expect((await call({})).status).toBe(401);
    expect((await call({ client_id: first.clientId, client_secret: `${first.apiKey}x` })).status).toBe(401);
    // Another team's key with this team's client id, and this team's key with theirs.
    expect((await call({ client_id: first.clientId, client_secret: theirs.apiKey })).status).toBe(401);
    const foreign = await call({ client_id: theirs.clientId, client_secret: theirs.apiKey });
    expect(foreign.status).toBe(200);
    expect(JSON.stringify(await foreign.json())).not.toContain('Northwind');

    const second = await generate(owner);
    const old = await call({ client_id: first.clientId, client_secret: first.apiKey });
    expect(old.status).toBe(401);
    expect((await old.json()).message).toBeTruthy();
    expect((await call({ client_id: second.clientId, client_secret: second.apiKey })).status).toBe(200);
    const shown = ok(await as(owner).call('getApiAccess'), 'getApiAccess');
    expect(JSON.stringify(shown)).not.toContain(second.apiKey);
    expect(second.apiKey.startsWith(shown.apiKeyPrefix)).toBe(true);
  });

  /** Waits for the next fixed window (of `windowSeconds`) unless `seconds` are left of this one. */
  async function untilWindowHasLeft(windowSeconds: number, seconds: number) {
    const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 250));
  }

  it('limits the calls per client id per minute, and a regenerated key does not reset it: 429 with Retry-After', async () => {
    // Prepare: a team of its own (a fresh quota), with 20 s left of the calendar minute (the window).
    const { register } = people(stack, api);
    const caller = await register('quentin@adventureworks.test', 'Adventure Works');
    const { clientId, apiKey } = await generate(caller);
    const credentials = { client_id: clientId, client_secret: apiKey };
    await untilWindowHasLeft(60, 20);

    // Act
    const statuses: number[] = [];
    for (let n = 0; n < API_CALLS_PER_MINUTE; n++)
      statuses.push((await call({ ...credentials, limit: '1' })).status);
    const refused = await call({ ...credentials, limit: '1' });
    const fresh = await generate(caller);
    const withNewKey = await call({ client_id: fresh.clientId, client_secret: fresh.apiKey });

    // Assess
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_CALLS_PER_MINUTE);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(fresh.clientId).toBe(clientId);
    expect(withNewKey.status).toBe(429);
  }, 120_000);

  it('locks a client id after too many wrong keys: 429 even for the right key until the window ends', async () => {
    // Prepare: a team of its own, with 60 s left of the 15-minute window.
    const { register } = people(stack, api);
    const target = await register('tess@fourthcoffee.test', 'Fourth Coffee');
    const { clientId, apiKey } = await generate(target);
    const theirs = await generate(outsider);
    await untilWindowHasLeft(API_KEY_FAILURES.windowSeconds, 60);

    // Act: twice the allowed wrong keys at once, then the right one, then a new one.
    const wrong = await Promise.all(
      Array.from({ length: 2 * API_KEY_FAILURES.attempts }, (_, n) =>
        call({ client_id: clientId, client_secret: `qwk_guess${n}` }),
      ),
    );
    const right = await call({ client_id: clientId, client_secret: apiKey });
    const regenerated = await generate(target);
    const withNewKey = await call({ client_id: clientId, client_secret: regenerated.apiKey });
    const otherTeam = await call({ client_id: theirs.clientId, client_secret: theirs.apiKey });

    // Assess
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(API_KEY_FAILURES.attempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(API_KEY_FAILURES.attempts);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({ message: API_KEY_MESSAGES.locked });
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(API_KEY_FAILURES.windowSeconds);
    expect(withNewKey.status).toBe(429);
    expect(otherTeam.status).toBe(200);
  }, 180_000);
});
