/**
 * The SCIM view of the team (issue 31 part 3): the filters identity providers send, 1-based paging,
 * and a membership as a SCIM User (its active flag, names and group).
 */
import { describe, expect, it } from 'vitest';
import { SCIM_MAX_RESULTS, ScimUser } from '../../../shared/schemas/scim';
import type { MembershipItem } from '../../common/entities';
import { listResponse, names, parseFilter, toScimUser } from './resources';

process.env.APP_URL ??= 'https://app.example.com';

describe('parseFilter', () => {
  it('reads attribute eq "value" in any case, with JSON string escapes', () => {
    // Act
    const okta = parseFilter('userName eq "ada@example.com"', ['userName', 'externalId']);
    const entra = parseFilter('EXTERNALID EQ "a \\"quoted\\" id"', ['userName', 'externalId']);

    // Assess
    expect(okta).toEqual({ attribute: 'username', value: 'ada@example.com' });
    expect(entra).toEqual({ attribute: 'externalid', value: 'a "quoted" id' });
    expect(parseFilter(undefined, ['userName'])).toBeNull();
    expect(parseFilter('  ', ['userName'])).toBeNull();
  });

  it.each([
    'userName sw "ada"',
    'title eq "x"',
    'userName eq ada',
    'userName eq "a" and active eq true',
    'userName eq "unterminated',
    '__proto__ eq "x"',
  ])('refuses %s as invalidFilter', (filter) => {
    expect(() => parseFilter(filter, ['userName'])).toThrow(
      expect.objectContaining({ scimType: 'invalidFilter', statusCode: 400 }),
    );
  });
});

describe('listResponse', () => {
  const items = Array.from({ length: 450 }, (_, i) => i);

  it('pages from a 1-based startIndex and caps count', () => {
    // Act
    const second = listResponse(items, { startIndex: 2, count: 3 });
    const capped = listResponse(items, { count: 10_000 });
    const past = listResponse(items, { startIndex: 1000 });

    // Assess
    expect(second).toMatchObject({ totalResults: 450, startIndex: 2, itemsPerPage: 3, Resources: [1, 2, 3] });
    expect(capped.itemsPerPage).toBe(SCIM_MAX_RESULTS);
    expect(past).toMatchObject({ totalResults: 450, itemsPerPage: 0, Resources: [] });
  });
});

describe('toScimUser', () => {
  const membership = {
    teamId: 't1',
    membershipId: 'm1',
    emailAddress: 'ada@example.com',
    groupId: 'g1',
    roleId: 'r1',
    roleCode: 'ROLE_MEMBER',
    status: 'INVITED',
    version: 3,
    createdAt: '2026-12-01T00:00:00.000Z',
  } as MembershipItem;

  it('shows an invitation with the names the identity provider gave, active until deactivated', () => {
    // Act
    const invited = toScimUser(
      { ...membership, givenName: 'Ada', familyName: 'Lovelace', externalId: 'x1' },
      undefined,
      new Map([['g1', 'Security']]),
    );
    const off = toScimUser(
      { ...membership, deactivatedAt: '2026-12-02T00:00:00.000Z' },
      undefined,
      new Map(),
    );

    // Assess
    expect(ScimUser.safeParse(invited).success).toBe(true);
    expect(invited).toMatchObject({
      id: 'm1',
      externalId: 'x1',
      userName: 'ada@example.com',
      displayName: 'Ada Lovelace',
      active: true,
      groups: [{ value: 'g1', display: 'Security' }],
      meta: {
        resourceType: 'User',
        location: 'https://app.example.com/api/scim/v2/Users/m1',
        version: 'W/"3"',
      },
    });
    expect(off.active).toBe(false);
    expect(off).not.toHaveProperty('externalId');
    expect(off.displayName).toBe('ada@example.com');
  });
});

describe('names', () => {
  it('finds an attribute in a comma-separated list, in any case', () => {
    expect(names('Members, externalId', 'members')).toBe(true);
    expect(names('displayName', 'members')).toBe(false);
    expect(names(undefined, 'members')).toBe(false);
  });
});
