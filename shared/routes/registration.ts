import { SsoAliasLookup, SsoDomainLookup, SsoLookupResponse } from '../schemas/sso';
import { RegistrationRequest, RegistrationResponse } from '../schemas/user';
import { route, routeGroup } from './route';

export const registration = routeGroup(
  'registration',
  // Rate limits and records live in the table; whether the caller's e-mail is verified, in the pool.
  { table: 'readwrite', userPoolRead: true },
  {
    registerUser: route({
      method: 'POST',
      path: '/api/public/user',
      // The path is the spec's; the proof is the freshly confirmed session's token.
      auth: 'user',
      summary: 'Complete registration for the signed-in (so confirmed) identity that has no user record yet',
      body: RegistrationRequest,
      response: RegistrationResponse,
    }),
    ssoByAlias: route({
      method: 'POST',
      path: '/api/public/sso/alias',
      auth: 'public',
      summary: 'The single sign-on provider for a customer alias (/login/{customerName})',
      body: SsoAliasLookup,
      response: SsoLookupResponse,
    }),
    ssoByDomain: route({
      method: 'POST',
      path: '/api/public/sso/domain',
      auth: 'public',
      summary: 'The single sign-on provider for an e-mail domain',
      body: SsoDomainLookup,
      response: SsoLookupResponse,
    }),
  },
);
