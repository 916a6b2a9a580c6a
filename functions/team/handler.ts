import type { TeamCaller } from '../common/caller';
import { createGroupHandler } from '../common/http';
import {
  createTeam,
  inviteMember,
  listGroups,
  listInvitations,
  listRoles,
  listTeamMembers,
  respondToInvitation,
  updateMember,
} from './service';

export const handler = createGroupHandler('team', {
  getPermissions: async ({ caller }) => caller.permissions,
  getRoles: async ({ caller }) => listRoles(caller.user.teamId),
  getGroups: async ({ caller }) => listGroups(caller.user.teamId),
  createTeam: async ({ caller, body }) => createTeam(caller, body.name),
  listMembers: async ({ caller }) => listTeamMembers(caller.user.teamId, false),
  listAllMembers: async ({ caller }) => listTeamMembers(caller.user.teamId, true),
  // A route with a permission implies a team: the pipeline checked it before these run.
  inviteMember: async ({ caller, body, sessionId }) => inviteMember(caller as TeamCaller, body, sessionId),
  updateMember: async ({ caller, body, params, sessionId }) =>
    updateMember(caller as TeamCaller, params.membershipId, body, sessionId),
  listInvitations: async ({ caller }) => listInvitations(caller),
  respondToInvitation: async ({ caller, body, params, sessionId }) =>
    respondToInvitation(caller, params.membershipId, body.invitationStatus, sessionId),
});
