/**
 * People for integration tests: a registered user (optionally owning a new team), and a colleague
 * who joins that team with a given role through the real invitation flow.
 */
import type { RoleCode } from '../../shared/permissions';
import type { ApiClient } from './api-client';
import type { TestStack } from './local-stack';

export interface Person {
  userId: string;
  email: string;
  token: string;
  teamId: string | null;
}

export function people(stack: TestStack, api: ApiClient) {
  async function register(
    email: string,
    teamName?: string,
    names = { givenName: 'Pat', lastName: 'Tester' },
  ) {
    const userId = await stack.signUp(email);
    let token = await stack.signIn(email);
    const registered = await api.call('registerUser', { token, body: { ...names, emailAddress: email } });
    if (registered.status !== 200) throw new Error(`registerUser answered ${registered.status}`);
    if (teamName) {
      const created = await api.call('createTeam', { token, body: { name: teamName } });
      if (created.status !== 200) throw new Error(`createTeam answered ${created.status}`);
      token = await stack.signIn(email);
    }
    const teamId = (await api.call('getUser', { token })).body.data.teamId as string | null;
    return { userId, email, token, teamId } satisfies Person;
  }

  /** Invites `email` into the owner's team with a role and group, registers them, and accepts. */
  async function join(
    owner: Person,
    email: string,
    roleCode: RoleCode,
    names = { givenName: 'Sam', lastName: 'Colleague' },
    groupName = 'Security',
  ): Promise<Person> {
    const [groups, roles] = await Promise.all([
      api.as(owner.token).call('getGroups'),
      api.as(owner.token).call('getRoles'),
    ]);
    const groupId = groups.body.data.find((g: { groupName: string }) => g.groupName === groupName).groupId;
    const roleId = roles.body.data.find((r: { code: string }) => r.code === roleCode).roleId;
    const invited = await api
      .as(owner.token)
      .call('inviteMember', { body: { emailAddress: email, groupId, roleId } });
    if (invited.status !== 200) throw new Error(`inviteMember answered ${invited.status}`);
    const person = await register(email, undefined, names);
    const accepted = await api.as(person.token).call('respondToInvitation', {
      params: { membershipId: invited.body.data.membershipId },
      body: { invitationStatus: 'ACCEPT' },
    });
    if (accepted.status !== 200) throw new Error(`respondToInvitation answered ${accepted.status}`);
    const token = await stack.signIn(email);
    return { ...person, token, teamId: owner.teamId };
  }

  return { register, join };
}
