/**
 * The PRIVATE-visibility sweep: a team admin who is not on a PRIVATE project gets nothing of it —
 * every route of the route table that reads, lists, searches or exports (and every route on the
 * project's path, which must answer 404 or 403) is called as them with the team's real ids and
 * valid bodies, and no answer carries anything of the project (its id, name, questions, sources,
 * wording, what was added while it was PRIVATE); their websocket, subscribed while the project was
 * TEAM, receives none of its events once it turns PRIVATE; no e-mail to them speaks of it; the MCP
 * tools and the public read API (GET /api/v1/…), called with the team's key and the project's ids and
 * wording, show nothing of it; the
 * peeker's webhook (every event, the whole team) is sent nothing of it. Swept
 * after the project turns PRIVATE, and again after it went back to TEAM and PRIVATE once more. The
 * public analytics API, which by spec includes PRIVATE projects (the key is the team's), is the one
 * declared exception. Prints its counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../scripts/fixtures/webhook-receiver';
import { WS_SUBSCRIBED } from '../../shared/events';
import { type RouteEntry, routeList } from '../../shared/routes';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhook-events';
import { connectLiveSocket } from '../support/live-socket';
import { sentMail } from '../support/mail';
import { Resources } from '../support/resources';
import {
  clip,
  ctxOf,
  describeRequest,
  encodeParams,
  exampleOf,
  expectNoProblems,
  judge,
  paramsFor,
  type Sweep,
  type SweepRequest,
  send,
  startSweep,
  type TeamData,
  tally,
} from '../support/route-sweep';

/** By spec the analytics API reports every project of the key's team, PRIVATE ones included. */
const DECLARED_EXCEPTIONS = new Set(['analyticsQuestions']);
/** The MCP tools (the key's team is the peeker's), called with the project's ids and wording. */
const mcpCalls = (): Array<[string, Record<string, unknown>]> => [
  ['list_projects', {}],
  ['list_projects', { status: 'COMPLETE' }],
  ['list_open_questions', { projectId: home.projectId }],
  ['search_library', { query: home.questionText }],
  ['suggest_answers', { question: home.wording }],
  ['search_library', { query: 'Private while PRIVATE 5c1e vault keys' }],
];
/** The public read API with the team's key: the lists, and the project's questions (404). */
const publicCalls = (): Array<[string, Array<[string, string]> | undefined, number]> => [
  ['/api/v1/projects', undefined, 200],
  ['/api/v1/projects', [['status', 'COMPLETE']], 200],
  [`/api/v1/projects/${home.projectId}/questions`, undefined, 404],
  ['/api/v1/library/answers', undefined, 200],
];
/** What reads: every GET, and the POSTs that search, list, preview, check or export. */
const READS = /^(search|list|get|preview|check|export)|Export$/;
const onProjectPath = (route: RouteEntry) => /\{(projectId|resourceId)\}/.test(route.path);
const SWEPT = routeList.filter(
  (r) =>
    r.auth === 'user' &&
    !DECLARED_EXCEPTIONS.has(r.name) &&
    (r.method === 'GET' || READS.test(r.name) || onProjectPath(r)),
);

const resources = new Resources();
let sweep: Sweep;
let home: TeamData;
let live: Awaited<ReturnType<typeof connectLiveSocket>>;
let receiver: Receiver;
const counts = { passes: 0, requests: 0, leaks: 0, events: 0, mails: 0, deliveries: 0 };

const peeker = () => sweep.holders.ROLE_ADMIN;
const asOwner = () => sweep.api.as(home.owner.token);

/** Everything that names the project, including what is added to it while it is PRIVATE. */
const markers = () => [
  home.projectId,
  home.projectName,
  home.questionId,
  home.questionText,
  home.wording,
  home.projectSourceId,
  home.sheetId,
  home.documentSourceId,
  home.documentName,
  'Private while PRIVATE 5c1e',
  'Candidate of the project 5c1e',
];
const leaked = (text: string) => markers().filter((m) => text.includes(m));

async function setVisibility(accessVisibility: 'TEAM' | 'PRIVATE') {
  const changed = await asOwner().call('updateProjectAccess', {
    params: { projectId: home.projectId },
    body: { accessVisibility, shareWith: [] },
  });
  expect(changed.status).toBe(200);
  await sweep.stack.settle();
}

/** The owner works on the PRIVATE project: what would reach someone still listening. */
async function workOnProject(round: number) {
  const as = asOwner();
  const projectId = home.projectId;
  const added = await as.call('addQuestion', {
    params: { projectId },
    body: { question: `Private while PRIVATE 5c1e: who holds the vault keys (round ${round})?` },
  });
  expect(added.status).toBe(200);
  const questionId = added.body.data.questionId as string;
  expect(
    (
      await as.call('createComment', {
        params: { projectId, questionId },
        body: {
          segments: [
            { type: 'MEMBER', content: home.owner.userId },
            { type: 'TEXT', content: ' Private while PRIVATE 5c1e: only the CISO.' },
          ],
        },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await as.call('updateQuestion', {
        params: { projectId, questionId },
        body: { assignedToUserId: home.owner.userId },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await as.call('updateProject', {
        params: { projectId },
        body: { description: 'Private while PRIVATE 5c1e' },
      })
    ).status,
  ).toBe(200);
  await sweep.stack.settle();
}

/** Every swept route as the peeker: nothing of the project in any answer; its own routes 404 or 403. */
async function sweepRoutes(): Promise<string[]> {
  const problems: string[] = [];
  const token = peeker().token;
  for (const route of SWEPT) {
    tally.routes.add(route.name);
    const example = exampleOf(route, ctxOf(home));
    const request: SweepRequest = {
      method: route.method,
      path: encodeParams(route.path, paramsFor(route, home)),
      token,
      ...(example === undefined ? {} : { body: JSON.stringify(example) }),
    };
    const answer = await send(request, true);
    counts.requests++;
    const expected = onProjectPath(route) ? [403, 404] : undefined;
    problems.push(
      ...judge(request, answer, expected).map((p) => `${route.name}: ${describeRequest(request)}: ${p}`),
    );
    const found = leaked(answer.text);
    if (found.length) {
      counts.leaks++;
      problems.push(`${route.name} (${answer.status}) shows ${found.join(', ')}: ${clip(answer.text, 400)}`);
    }
  }
  for (const [id, [tool, args]] of mcpCalls().entries()) {
    const message = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } };
    const request: SweepRequest = { method: 'POST', path: '/api/mcp', token, body: JSON.stringify(message) };
    const answer = await send(request, true);
    counts.requests++;
    problems.push(...judge(request, answer).map((p) => `mcp ${tool}: ${p}`));
    if (answer.status !== 200)
      problems.push(`mcp ${tool} answered ${answer.status}: ${clip(answer.text, 200)}`);
    const found = leaked(answer.text);
    if (found.length) {
      counts.leaks++;
      problems.push(`mcp ${tool} shows ${found.join(', ')}: ${clip(answer.text, 400)}`);
    }
  }
  for (const [path, query, expected] of publicCalls()) {
    const request: SweepRequest = { method: 'GET', path, token, ...(query ? { query } : {}) };
    const answer = await send(request, true);
    counts.requests++;
    problems.push(...judge(request, answer, [expected]).map((p) => `GET ${path}: ${p}`));
    const found = leaked(answer.text);
    if (found.length) {
      counts.leaks++;
      problems.push(`GET ${path} shows ${found.join(', ')}: ${clip(answer.text, 400)}`);
    }
  }
  return problems;
}

beforeAll(async () => {
  sweep = await startSweep(resources, { home: true, holders: true });
  home = sweep.home;
  live = await connectLiveSocket(sweep.stack.appUrl, peeker().token, 'peeker-session');
  resources.add(() => live.socket.close());
  receiver = await resources.start(startReceiver(), (r) => r.close());
  const hook = await sweep.api.as(peeker().token).call('createWebhook', {
    body: { url: receiver.url('/peeker'), events: [...WEBHOOK_EVENT_TYPES] },
  });
  expect(hook.status).toBe(200);
}, 180_000);

afterAll(async () => {
  console.log(
    `route sweeps (PRIVATE visibility): ${tally.routes.size} routes swept in ${counts.passes} passes, ` +
      `${counts.requests} requests, ${counts.leaks} leaks, ${tally.serverErrors} responses ≥ 500; ` +
      `${counts.events} live events, ${counts.mails} e-mails and ${counts.deliveries} webhook deliveries to the member checked (declared exception: ${[...DECLARED_EXCEPTIONS].join(', ')})`,
  );
  await resources.stopAll();
});

describe('the PRIVATE-visibility sweep (a team admin not on the project)', () => {
  it('sees the project while it is TEAM (so the markers would be found) and subscribes to it', async () => {
    // Prepare: an answer of the project offered to the library (a candidate) while it is TEAM.
    const projectId = home.projectId;
    const added = await asOwner().call('addQuestion', {
      params: { projectId },
      body: { question: 'Candidate of the project 5c1e: is payroll data encrypted?' },
    });
    expect(added.status).toBe(200);
    const saved = await asOwner().call('updateQuestion', {
      params: { projectId, questionId: added.body.data.questionId },
      body: { answer: 'Candidate of the project 5c1e: yes, with AES-256.', includeInLibrary: true },
    });
    expect(saved.status).toBe(200);
    const assigned = await asOwner().call('updateQuestion', {
      params: { projectId, questionId: added.body.data.questionId },
      body: { assignedToUserId: home.owner.userId },
    });
    expect(assigned.status).toBe(200);
    await sweep.stack.settle();
    await expect
      .poll(() => receiver.received.filter((r) => leaked(r.body).includes(home.projectName)).length)
      .toBeGreaterThan(0);
    const candidates = await sweep.api.as(peeker().token).call('listCandidates');
    expect(JSON.stringify(candidates.body)).toContain('Candidate of the project 5c1e');
    // Act
    const project = await sweep.api
      .as(peeker().token)
      .call('getProject', { params: { projectId: home.projectId } });
    live.socket.send(JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: home.projectId } }));
    const viaMcp = await send(
      {
        method: 'POST',
        path: '/api/mcp',
        token: peeker().token,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_open_questions', arguments: { projectId: home.projectId } },
        }),
      },
      true,
    );
    // Assess
    expect(project.status).toBe(200);
    expect(leaked(JSON.stringify(project.body))).toContain(home.projectName);
    expect(leaked(viaMcp.text)).toEqual(expect.arrayContaining([home.projectName, home.questionText]));
    await live.waitFor((m) => m.eventName === WS_SUBSCRIBED && m.data?.scope?.id === home.projectId);
  });

  for (const round of [1, 2]) {
    it(`gets nothing of it once it is PRIVATE${round === 2 ? ', after TEAM and PRIVATE again' : ''}: routes, live events, e-mail`, async () => {
      // Prepare
      if (round === 2) {
        await setVisibility('TEAM');
        const visible = await sweep.api
          .as(peeker().token)
          .call('getProject', { params: { projectId: home.projectId } });
        expect(visible.status).toBe(200);
        // Subscribed again while it is TEAM (the switch to PRIVATE dropped the subscription).
        const subscribed = live.received.length;
        live.socket.send(
          JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: home.projectId } }),
        );
        await live.waitFor(
          (m) =>
            live.received.indexOf(m) >= subscribed &&
            m.eventName === WS_SUBSCRIBED &&
            m.data?.scope?.id === home.projectId,
        );
      }
      await setVisibility('PRIVATE');
      const eventsBefore = live.received.length;
      const mailsBefore = (await sentMail(sweep.stack)).length;
      const deliveriesBefore = receiver.received.length;
      // Act
      await workOnProject(round);
      const problems = await sweepRoutes();
      counts.passes++;
      // Assess: no route shows the project, no event of it reached the socket, no e-mail told of it.
      const events = live.received.slice(eventsBefore);
      counts.events += events.length;
      for (const event of events) {
        const found = leaked(JSON.stringify(event));
        if (found.length) problems.push(`live event ${event.eventName} shows ${found.join(', ')}`);
      }
      const mails = (await sentMail(sweep.stack))
        .slice(mailsBefore)
        .filter((m) => m.to.includes(peeker().email));
      counts.mails += mails.length;
      for (const mail of mails) {
        const found = leaked(`${mail.subject}\n${mail.text}`);
        if (found.length) problems.push(`e-mail "${mail.subject}" shows ${found.join(', ')}`);
      }
      await sweep.stack.settle();
      const deliveries = receiver.received.slice(deliveriesBefore);
      counts.deliveries += deliveries.length;
      for (const delivery of deliveries) {
        const found = leaked(delivery.body);
        if (found.length)
          problems.push(`webhook ${JSON.parse(delivery.body).type} shows ${found.join(', ')}`);
      }
      expectNoProblems(problems);
    }, 300_000);
  }
});
