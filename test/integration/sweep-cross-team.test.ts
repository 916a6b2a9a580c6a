/**
 * The cross-team sweep: every route that takes an id, called by another team's owner with this
 * team's real ids, answers 404 (or 403), shows none of this team's data and changes none of it.
 * What the sweeps check and how to reproduce a run: test/support/route-sweep.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pathParams, routeList } from '../../shared/routes';
import {
  type Ctx,
  clip,
  countsLine,
  ctxOf,
  describeRequest,
  encodeParams,
  exampleOf,
  expectNoProblems,
  judge,
  names,
  paramsFor,
  type SweepRequest,
  send,
  sweepFile,
  type TeamData,
  tally,
} from '../support/route-sweep';

const { sweep } = sweepFile({ victim: true, intruder: true }, () => countsLine('cross-team'));

describe('cross-team sweep (another team’s owner with this team’s real ids)', () => {
  /** What the victim's owner and member see of their team. */
  async function snapshot() {
    const { stack, api, victim } = sweep;
    await stack.settle();
    const owner = api.as(victim.owner.token);
    const projectId = victim.projectId;
    const reads = {
      project: await owner.call('getProject', { params: { projectId } }),
      access: await owner.call('getProjectAccess', { params: { projectId } }),
      team: await owner.call('getProjectTeam', { params: { projectId } }),
      compliance: await owner.call('getComplianceOverrides', { params: { projectId } }),
      questions: await owner.call('listQuestions', { params: { projectId } }),
      question: await owner.call('getQuestion', { params: { projectId, questionId: victim.questionId } }),
      history: await owner.call('listQuestionHistory', {
        params: { projectId, questionId: victim.questionId },
      }),
      manualQuestions: await owner.call('listManualQuestions', { params: { projectId } }),
      projectTags: await owner.call('listResourceTags', { params: { resourceId: projectId } }),
      teamTags: await owner.call('listTags'),
      members: await owner.call('listAllMembers'),
      roles: await owner.call('getRoles'),
      groups: await owner.call('getGroups'),
      projects: await owner.call('listProjects'),
      ownerNotifications: await owner.call('listNotifications'),
      memberNotifications: await api.as(victim.member.token).call('listNotifications'),
      memberUser: await api.as(victim.member.token).call('getUser'),
      answer: await owner.call('getAnswer', { params: { answerId: victim.answerId } }),
      library: await owner.call('searchLibrary', { body: { view: 'ALL' } }),
      collections: await owner.call('listCollections'),
      terms: await owner.call('listTerms'),
    };
    for (const [what, read] of Object.entries(reads)) expect(read.status, what).toBe(200);
    return reads;
  }

  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot();
  });

  /** Strings only the victim's team knows. */
  const secretsOf = (team: TeamData) => [
    team.projectName,
    team.questionText,
    team.secretTag,
    team.wording,
    team.answerText,
    team.termDefinition,
    team.documentName,
    team.member.email,
    team.owner.email,
  ];

  /** A route takes an id when its path has a parameter or its valid body names one of the team's records. */
  const marker = '@@team-record@@';
  const marked: Ctx = {
    projectId: marker,
    tagLabel: marker,
    userId: marker,
    groupId: marker,
    roleId: marker,
    projectSourceId: marker,
    answerId: marker,
    documentId: marker,
  };
  const takesIds = routeList.filter(
    (route) =>
      pathParams(route.path).length > 0 || JSON.stringify(exampleOf(route, marked) ?? '').includes(marker),
  );

  it.each(names(takesIds))('%s', async (name) => {
    const route = routeList.find((r) => r.name === name)!;
    const { victim, intruder } = sweep;
    tally.routes.add(name);
    const hasParams = pathParams(route.path).length > 0;
    const request: SweepRequest = {
      method: route.method,
      path: encodeParams(route.path, hasParams ? paramsFor(route, victim) : {}),
      body: route.body ? JSON.stringify(exampleOf(route, ctxOf(victim))) : undefined,
      token: intruder.token,
      kind: 'cross-team',
    };
    const answer = await send(request);
    // A record of another team does not exist for the caller; a permission route may refuse first.
    const expected = hasParams ? (route.permission ? [403, 404] : [404]) : [400, 403, 404, 409, 422];
    expectNoProblems(judge(request, answer, expected));
    const leaked = secretsOf(victim).filter((secret) => answer.text.includes(secret));
    expect(leaked, `${describeRequest(request)} → ${clip(answer.text)}`).toEqual([]);
  });

  it("left the other team's data as it was", async () => {
    expect(await snapshot()).toEqual(before);
  });
});
