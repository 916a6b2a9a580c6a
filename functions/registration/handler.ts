import { createGroupHandler } from '../common/http';
import { completeRegistration } from './service';

export const handler = createGroupHandler('registration', {
  registerUser: async ({ body, sourceIp }) => completeRegistration(body, sourceIp),
});
