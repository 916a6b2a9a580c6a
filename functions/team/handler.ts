import { createGroupHandler } from '../common/http';
import { listGroups, listRoles } from './service';

export const handler = createGroupHandler('team', {
  getPermissions: async ({ caller }) => caller.permissions,
  getRoles: async ({ caller }) => listRoles(caller.user.teamId),
  getGroups: async ({ caller }) => listGroups(caller.user.teamId),
});
