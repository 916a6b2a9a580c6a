/**
 * SCIM's constants (RFC 7643, RFC 7644) without its schemas: what every route group's pipeline needs
 * to answer a SCIM path's errors as SCIM does (shared/schemas/scim.ts has the request and resource
 * shapes, which only the team group bundles).
 */

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
} as const;

/** Where the SCIM service answers; a team's token says which team. */
export const SCIM_BASE_PATH = '/api/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** Whether a request path is the SCIM service's, whose every error is a SCIM error body. */
export const isScimPath = (path: string) => path === SCIM_BASE_PATH || path.startsWith(`${SCIM_BASE_PATH}/`);
/** RFC 7644 §3.12's error body. */
export const scimErrorBody = (status: number, detail: string, scimType?: string) => ({
  schemas: [SCIM_SCHEMAS.error],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});
