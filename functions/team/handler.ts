import { team as teamRoutes } from '../../shared/routes/team';
import { createGroupHandler } from '../common/http';
import { inviteMember, listInvitations, respondToInvitation } from './invitations';
import { listTeamMembers, updateMember } from './members';
import * as scimGroups from './scim/groups';
import { serviceProviderConfig } from './scim/service-provider';
import { generateScimToken, getScimAccess, revokeScimToken } from './scim/token';
import * as scimUsers from './scim/users';
import {
  generateApiKey,
  getApiAccess,
  getTeamSettings,
  requestLogoUpload,
  updateTeamSettings,
} from './settings';
import { createTeam, listGroups, listRoles } from './teams';

export const handler = createGroupHandler(teamRoutes, {
  getPermissions: async ({ caller }) => caller.permissions,
  getRoles: async ({ caller }) => listRoles(caller.user.teamId),
  getGroups: async ({ caller }) => listGroups(caller.user.teamId),
  createTeam: async ({ caller, body }) => createTeam(caller, body.name),
  listMembers: async ({ caller }) => listTeamMembers(caller.user.teamId, false),
  listAllMembers: async ({ caller }) => listTeamMembers(caller.user.teamId, true),
  inviteMember: async ({ caller, body, sessionId }) => inviteMember(caller, body, sessionId),
  updateMember: async ({ caller, body, params, sessionId }) =>
    updateMember(caller, params.membershipId, body, sessionId),
  listInvitations: async ({ caller }) => listInvitations(caller),
  respondToInvitation: async ({ caller, body, params, sessionId }) =>
    respondToInvitation(caller, params.membershipId, body.invitationStatus, sessionId),
  getTeamSettings: async ({ caller }) => getTeamSettings(caller),
  updateTeamSettings: async ({ caller, body }) => updateTeamSettings(caller, body),
  requestLogoUpload: async ({ caller, body }) => requestLogoUpload(caller, body.contentType),
  getApiAccess: async ({ caller }) => getApiAccess(caller),
  generateApiKey: async ({ caller }) => generateApiKey(caller),
  getScimAccess: async ({ caller }) => getScimAccess(caller),
  generateScimToken: async ({ caller }) => generateScimToken(caller),
  revokeScimToken: async ({ caller }) => revokeScimToken(caller),
  // SCIM: the team is the one whose token signed the request.
  scimServiceProviderConfig: async () => serviceProviderConfig(),
  scimListUsers: async ({ client, query }) => scimUsers.listUsers(client.teamId, query),
  scimCreateUser: async ({ client, body }) => scimUsers.createUser(client.teamId, body),
  scimGetUser: async ({ client, params }) => scimUsers.getUser(client.teamId, params.membershipId),
  scimReplaceUser: async ({ client, params, body }) =>
    scimUsers.replaceUser(client.teamId, params.membershipId, body),
  scimPatchUser: async ({ client, params, body }) =>
    scimUsers.patchUser(client.teamId, params.membershipId, body.Operations),
  scimDeleteUser: async ({ client, params }) => scimUsers.deleteUser(client.teamId, params.membershipId),
  scimListGroups: async ({ client, query }) => scimGroups.listGroups(client.teamId, query),
  scimCreateGroup: async ({ client, body }) => scimGroups.createGroup(client.teamId, body),
  scimGetGroup: async ({ client, params, query }) =>
    scimGroups.getGroup(client.teamId, params.groupId, query.excludedAttributes),
  scimReplaceGroup: async ({ client, params, body }) =>
    scimGroups.replaceGroup(client.teamId, params.groupId, body),
  scimPatchGroup: async ({ client, params, body }) =>
    scimGroups.patchGroup(client.teamId, params.groupId, body.Operations),
  scimDeleteGroup: async ({ client, params }) => scimGroups.deleteGroup(client.teamId, params.groupId),
});
