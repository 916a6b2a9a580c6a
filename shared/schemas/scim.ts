/**
 * SCIM 2.0 provisioning (RFC 7643 core schema, RFC 7644 protocol): the request and response shapes
 * an identity provider (Okta, Microsoft Entra ID) sends and reads. Requests are loose objects: an
 * identity provider sends attributes we do not keep (title, locale, the enterprise extension), which
 * are accepted and ignored, as RFC 7644 §3.3 allows; the attributes we keep are checked here.
 */
import * as z from 'zod';
import { SCIM_SCHEMAS } from '../scim';

export {
  isScimPath,
  SCIM_BASE_PATH,
  SCIM_CONTENT_TYPE,
  SCIM_SCHEMAS,
  scimErrorBody,
} from '../scim';

/** Most resources one page of a list gives, whatever `count` asks for (ServiceProviderConfig says so). */
export const SCIM_MAX_RESULTS = 200;
/** Most operations in one PATCH, and members in one group request. */
export const SCIM_MAX_OPERATIONS = 1000;

/** A booleans as Entra ID sends some of them: "True" / "False" strings as well as JSON booleans. */
export const ScimBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])])
  .transform((v) => (typeof v === 'boolean' ? v : v.toLowerCase() === 'true'));

const schemasWith = (urn: string) =>
  z
    .array(z.string().max(256))
    .min(1)
    .max(10)
    .refine((list) => list.includes(urn), `schemas must include ${urn}`);

const Text = (max: number) => z.string().max(max);

/** userName is the person's e-mail address: the product's people are their addresses. */
export const ScimUserName = z
  .string({ error: 'userName is required' })
  .trim()
  .toLowerCase()
  .max(256, 'userName must be at most 256 characters')
  .pipe(z.email({ error: 'userName must be an e-mail address' }));

export const ScimName = z.looseObject({
  givenName: Text(128).optional(),
  familyName: Text(128).optional(),
  formatted: Text(256).optional(),
});

const ScimEmail = z.looseObject({
  value: Text(256),
  type: Text(32).optional(),
  primary: ScimBoolean.optional(),
});

/** POST /Users and PUT /Users/{id}: the whole user as the identity provider holds it. */
export const ScimUserRequest = z.looseObject({
  schemas: schemasWith(SCIM_SCHEMAS.user),
  userName: ScimUserName,
  externalId: Text(256).optional(),
  name: ScimName.optional(),
  displayName: Text(256).optional(),
  emails: z.array(ScimEmail).max(10).optional(),
  active: ScimBoolean.optional(),
});
export type ScimUserRequest = z.output<typeof ScimUserRequest>;

const ScimOperation = z.looseObject({
  // Entra ID capitalises its operations ("Replace"); RFC 7644 §3.5.2 names them in lower case.
  op: z
    .string()
    .max(16)
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'], { error: 'op must be add, replace or remove' })),
  path: Text(512).optional(),
  value: z.unknown().optional(),
});
export type ScimOperation = z.output<typeof ScimOperation>;

/** PATCH /Users/{id} and /Groups/{id} (RFC 7644 §3.5.2). */
export const ScimPatchRequest = z.looseObject({
  schemas: schemasWith(SCIM_SCHEMAS.patch),
  Operations: z.array(ScimOperation).min(1).max(SCIM_MAX_OPERATIONS),
});

export const ScimMemberRef = z.looseObject({
  value: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_=-]+$/, 'member value must be a user id'),
  display: Text(256).optional(),
});

/** POST /Groups and PUT /Groups/{id}. */
export const ScimGroupRequest = z.looseObject({
  schemas: schemasWith(SCIM_SCHEMAS.group),
  displayName: z
    .string({ error: 'displayName is required' })
    .trim()
    .min(1, 'displayName is required')
    .max(128, 'displayName must be at most 128 characters'),
  externalId: Text(256).optional(),
  members: z.array(ScimMemberRef).max(SCIM_MAX_OPERATIONS).optional(),
});

const Count = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** GET /Users and /Groups: a filter (RFC 7644 §3.4.2.2), 1-based paging, attribute selection. */
export const ScimListQuery = z.object({
  filter: Text(512).optional(),
  startIndex: Count(1, 1_000_000).optional(),
  count: Count(0, 1_000_000).optional(),
  attributes: Text(512).optional(),
  excludedAttributes: Text(512).optional(),
});

const Meta = z.object({
  resourceType: z.enum(['User', 'Group']),
  created: z.string(),
  lastModified: z.string(),
  location: z.string(),
  version: z.string().optional(),
});

export const ScimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  groups: z.array(z.object({ value: z.string(), display: z.string(), $ref: z.string() })),
  meta: Meta,
});
export type ScimUser = z.infer<typeof ScimUser>;

export const ScimGroup = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  displayName: z.string(),
  members: z.array(z.object({ value: z.string(), display: z.string(), $ref: z.string() })).optional(),
  meta: Meta,
});
export type ScimGroup = z.infer<typeof ScimGroup>;

const listOf = <T extends z.ZodType>(resource: T) =>
  z.object({
    schemas: z.array(z.string()),
    totalResults: z.number(),
    startIndex: z.number(),
    itemsPerPage: z.number(),
    Resources: z.array(resource),
  });
export const ScimUserList = listOf(ScimUser);
export const ScimGroupList = listOf(ScimGroup);

/** GET /ServiceProviderConfig (RFC 7643 §5): what this service supports. */
export const ScimServiceProviderConfig = z.object({
  schemas: z.array(z.string()),
  documentationUri: z.string(),
  patch: z.object({ supported: z.boolean() }),
  bulk: z.object({ supported: z.boolean(), maxOperations: z.number(), maxPayloadSize: z.number() }),
  filter: z.object({ supported: z.boolean(), maxResults: z.number() }),
  changePassword: z.object({ supported: z.boolean() }),
  sort: z.object({ supported: z.boolean() }),
  etag: z.object({ supported: z.boolean() }),
  authenticationSchemes: z.array(
    z.object({ type: z.string(), name: z.string(), description: z.string(), primary: z.boolean() }),
  ),
});

/** A SCIM error body (RFC 7644 §3.12). */
export const ScimErrorBody = z.strictObject({
  schemas: z.tuple([z.literal(SCIM_SCHEMAS.error)]),
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string(),
});

/** Settings → Integrations: the team's SCIM token (only its start; the token is shown once). */
export const ScimAccess = z.object({
  /** Path of the SCIM base URL under the app's origin. */
  basePath: z.string(),
  tokenPrefix: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ScimAccess = z.infer<typeof ScimAccess>;
export const GeneratedScimToken = ScimAccess.extend({
  /** The whole token: shown this once and never again (only its hash is kept). */
  token: z.string(),
});
