/**
 * The projects route group (built the sliced way; the rest of its routes come with the projects
 * work): the home dashboard's Active Projects are the caller's team's open projects they may see,
 * soonest due first, at most five, from one indexed query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;

async function register(email: string, teamName?: string) {
  const userId = await stack.signUp(email);
  await api.call('registerUser', { body: { givenName: 'Pat', lastName: 'Tester', emailAddress: email } });
  let token = await stack.signIn(email);
  if (teamName) {
    expect((await api.call('createTeam', { token, body: { name: teamName } })).status).toBe(200);
    token = await stack.signIn(email);
  }
  const teamId = (await api.call('getUser', { token })).body.data.teamId as string;
  return { userId, token, teamId };
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
});
afterAll(() => resources.stopAll());

describe('GET /api/dashboard/projects', () => {
  it("lists the team's open projects the caller may see, soonest due first, five at most", async () => {
    // Prepare
    const { db } = await import('../../functions/common/entities');
    const owner = await register('owner@projects.test', 'Projects Co');
    const other = await register('other@elsewhere.test', 'Elsewhere');
    const project = (
      teamId: string,
      projectId: string,
      dueOn: string,
      extra: {
        accessVisibility?: 'TEAM' | 'PRIVATE';
        projectStatus?: 'IN-PROGRESS' | 'COMPLETE';
        members?: string[];
      } = {},
    ) =>
      db()
        .entities.project.create({
          teamId,
          projectId,
          name: `Project ${projectId}`,
          dueOn,
          projectPriority: projectId === 'p2' ? 'HIGH' : 'NORMAL',
          accessVisibility: extra.accessVisibility ?? 'TEAM',
          projectStatus: extra.projectStatus ?? 'IN-PROGRESS',
          memberUserIds: extra.members ?? [owner.userId],
          createdByUserId: owner.userId,
        })
        .go();
    await Promise.all([
      project(owner.teamId, 'p3', '2031-03-01'),
      project(owner.teamId, 'p1', '2031-01-01'),
      project(owner.teamId, 'p2', '2031-02-01'),
      project(owner.teamId, 'closed', '2030-01-01', { projectStatus: 'COMPLETE' }),
      project(owner.teamId, 'private-mine', '2031-04-01', { accessVisibility: 'PRIVATE' }),
      project(owner.teamId, 'private-theirs', '2030-06-01', {
        accessVisibility: 'PRIVATE',
        members: ['someone-else'],
      }),
      project(owner.teamId, 'p5', '2031-05-01'),
      project(owner.teamId, 'p6', '2031-06-01'),
      project(other.teamId, 'foreign', '2029-01-01'),
    ]);
    // Act
    const mine = await api.call('getDashboardProjects', { token: owner.token });
    const theirs = await api.call('getDashboardProjects', { token: other.token });
    // Assess
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((p: { projectId: string }) => p.projectId)).toEqual([
      'p1',
      'p2',
      'p3',
      'private-mine',
      'p5',
    ]);
    expect(mine.body.data[1]).toMatchObject({
      name: 'Project p2',
      dueOn: '2031-02-01',
      projectPriority: 'HIGH',
    });
    expect(theirs.body.data.map((p: { projectId: string }) => p.projectId)).toEqual(['foreign']);
  });

  it('is refused to a signed-in user without a team', async () => {
    const loner = await register('loner@projects.test');
    const response = await api.call('getDashboardProjects', { token: loner.token });
    expect(response.status).toBe(403);
  });
});
