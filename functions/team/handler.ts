import { team as teamRoutes } from '../../shared/routes/team';
import { createGroupHandler } from '../common/http';
import { inviteMember, listInvitations, respondToInvitation } from './invitations';
import { listTeamMembers, updateMember } from './members';
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
});
