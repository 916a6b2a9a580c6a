/** GET /ServiceProviderConfig (RFC 7643 §5): what an identity provider may expect of this service. */
import { SCIM_MAX_RESULTS, SCIM_SCHEMAS } from '../../../shared/schemas/scim';

export const serviceProviderConfig = () => ({
  schemas: [SCIM_SCHEMAS.serviceProviderConfig],
  documentationUri: '/api-docs',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'The team’s SCIM token from Settings → Integrations, as Authorization: Bearer <token>',
      primary: true,
    },
  ],
});
