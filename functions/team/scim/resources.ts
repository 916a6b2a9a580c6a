/**
 * How the team looks to an identity provider over SCIM (RFC 7643): a membership (a member or a
 * pending invitation) is a User whose id is the membership id, a team group is a Group; filters
 * (`attribute eq "value"`, RFC 7644 §3.4.2.2) and 1-based paging over the team's few hundred people,
 * read with one query.
 */
import {
  SCIM_BASE_PATH,
  SCIM_MAX_RESULTS,
  SCIM_SCHEMAS,
  type ScimGroup,
  type ScimUser,
} from '../../../shared/schemas/scim';
import { config } from '../../common/config';
import type { MembershipItem, UserItem } from '../../common/entities';
import { ScimError } from '../../common/errors';

const EPOCH = new Date(0).toISOString();
export const userLocation = (id: string) => `${config.appUrl}${SCIM_BASE_PATH}/Users/${id}`;
export const groupLocation = (id: string) => `${config.appUrl}${SCIM_BASE_PATH}/Groups/${id}`;

/** The person's address: their user record's once they joined, else the invitation's. */
export const emailOf = (m: MembershipItem, user: UserItem | undefined) =>
  user?.emailAddress ?? m.emailAddress;

export function toScimUser(
  m: MembershipItem,
  user: UserItem | undefined,
  groupNames: Map<string, string>,
): ScimUser {
  const email = emailOf(m, user);
  const givenName = m.givenName ?? user?.givenName ?? '';
  const familyName = m.familyName ?? user?.lastName ?? '';
  const formatted = `${givenName} ${familyName}`.trim();
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: m.membershipId,
    ...(m.externalId ? { externalId: m.externalId } : {}),
    userName: email,
    name: { givenName, familyName, formatted },
    displayName: formatted || email,
    emails: [{ value: email, type: 'work', primary: true }],
    active: !m.deactivatedAt,
    groups: [{ value: m.groupId, display: groupNames.get(m.groupId) ?? '', $ref: groupLocation(m.groupId) }],
    meta: {
      resourceType: 'User',
      created: m.createdAt,
      lastModified: m.updatedAt ?? m.createdAt,
      location: userLocation(m.membershipId),
      version: `W/"${m.version}"`,
    },
  };
}

export function toScimGroup(
  group: { groupId: string; groupName: string; createdAt?: string },
  members: Array<{ m: MembershipItem; user: UserItem | undefined }> | null,
): ScimGroup {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.groupId,
    displayName: group.groupName,
    ...(members
      ? {
          members: members.map(({ m, user }) => ({
            value: m.membershipId,
            display: emailOf(m, user),
            $ref: userLocation(m.membershipId),
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt ?? EPOCH,
      lastModified: group.createdAt ?? EPOCH,
      location: groupLocation(group.groupId),
    },
  };
}

/** A parsed `attribute eq "value"` filter: the attribute in lower case. */
export interface ScimFilter {
  attribute: string;
  value: string;
}

/**
 * Parses the one filter form identity providers send when they look a resource up before creating
 * it (`userName eq "ada@example.com"`, `displayName eq "Security"`): an attribute this resource can
 * be found by, `eq`, and a JSON string. Anything else is 400 invalidFilter, never a guess.
 */
export function parseFilter(filter: string | undefined, attributes: readonly string[]): ScimFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match = /^\s*([A-Za-z][\w.:]*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i.exec(filter);
  if (!match) {
    throw new ScimError(
      400,
      `Unsupported filter: use ${attributes.map((a) => `${a} eq "…"`).join(', or ')}`,
      'invalidFilter',
    );
  }
  const attribute = match[1].toLowerCase();
  const known = attributes.find((a) => a.toLowerCase() === attribute);
  if (!known) {
    throw new ScimError(
      400,
      `Filtering by ${match[1]} is not supported: use ${attributes.join(', ')}`,
      'invalidFilter',
    );
  }
  let value: string;
  try {
    value = JSON.parse(match[2]) as string;
  } catch {
    throw new ScimError(400, 'The filter value is not a valid string', 'invalidFilter');
  }
  return { attribute, value };
}

/** One page of a list response: startIndex is 1-based, count is capped at SCIM_MAX_RESULTS. */
export function listResponse<T>(all: T[], query: { startIndex?: number; count?: number }) {
  const startIndex = query.startIndex ?? 1;
  const count = Math.min(query.count ?? SCIM_MAX_RESULTS, SCIM_MAX_RESULTS);
  const page = all.slice(startIndex - 1, startIndex - 1 + count);
  return {
    schemas: [SCIM_SCHEMAS.list],
    totalResults: all.length,
    startIndex,
    itemsPerPage: page.length,
    Resources: page,
  };
}

/** Whether a comma-separated attribute list (excludedAttributes) names `attribute`. */
export const names = (list: string | undefined, attribute: string) =>
  (list ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .includes(attribute.toLowerCase());
