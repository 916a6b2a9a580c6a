import { createGroupHandler } from '../common/http';
import { completeRegistration, ssoByAlias, ssoByDomain } from './service';

export const handler = createGroupHandler('registration', {
  registerUser: async ({ caller, body, sourceIp }) => completeRegistration(caller.identity, body, sourceIp),
  ssoByAlias: async ({ body, sourceIp }) => ssoByAlias(body.alias, sourceIp),
  ssoByDomain: async ({ body, sourceIp }) => ssoByDomain(body.domain, sourceIp),
});
