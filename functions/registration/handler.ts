import { registration as registrationRoutes } from '../../shared/routes/registration';
import { createGroupHandler } from '../common/http';
import { completeRegistration, ssoByAlias, ssoByDomain } from './service';

export const handler = createGroupHandler(registrationRoutes, {
  registerUser: async ({ caller, body, sourceIp }) => completeRegistration(caller.identity, body, sourceIp),
  ssoByAlias: async ({ body, sourceIp }) => ssoByAlias(body.alias, sourceIp),
  ssoByDomain: async ({ body, sourceIp }) => ssoByDomain(body.domain, sourceIp),
});
