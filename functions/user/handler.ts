import { createGroupHandler } from '../common/http';
import { getAccountStatus, getCurrentUser } from './service';

export const handler = createGroupHandler('user', {
  getUser: async ({ caller }) => getCurrentUser(caller),
  getUserStatus: async ({ caller }) => ({ status: await getAccountStatus(caller) }),
});
