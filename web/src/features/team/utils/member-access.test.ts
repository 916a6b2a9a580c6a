import type { Membership } from '@shared/schemas/team';
import { describe, expect, it } from 'vitest';
import { assignableRoles, rowAccess } from './member-access';

const member = (over: Partial<Membership> & { email: string; code?: string }): Membership => ({
  membershipId: `m-${over.email}`,
  userId: over.status === 'INVITED' ? null : `u-${over.email}`,
  emailAddress: over.email,
  status: 'ACTIVE',
  groupId: 'g1',
  roleId: 'r1',
  createdAt: '2026-01-01T00:00:00Z',
  member:
    over.status === 'INVITED'
      ? null
      : { userId: `u-${over.email}`, fullName: 'Ada', emailAddress: over.email, photo: null, lastSeen: null },
  group: { groupName: 'Sales' },
  role: { name: 'Member', code: over.code ?? 'ROLE_MEMBER' },
  ...over,
});

const admin = { email: 'me@example.com', canUpdateMembers: true };

describe('rowAccess', () => {
  it('lets a permitted caller change team and role of another member', () => {
    expect(rowAccess(member({ email: 'ada@example.com' }), admin)).toEqual({
      pending: false,
      canChangeTeam: true,
      canChangeRole: true,
    });
  });

  it('never offers the role of the caller themself or of the team owner, but does offer their team', () => {
    expect(rowAccess(member({ email: 'me@example.com', code: 'ROLE_ADMIN' }), admin)).toMatchObject({
      canChangeTeam: true,
      canChangeRole: false,
    });
    expect(
      rowAccess(member({ email: 'own@example.com', code: 'ROLE_ADMIN_TEAM_OWNER' }), admin),
    ).toMatchObject({ canChangeTeam: true, canChangeRole: false });
  });

  it('shows plain text to callers without the permission', () => {
    expect(
      rowAccess(member({ email: 'ada@example.com' }), { email: 'me@example.com', canUpdateMembers: false }),
    ).toEqual({ pending: false, canChangeTeam: false, canChangeRole: false });
  });

  it('makes pending invitations non-interactive', () => {
    expect(rowAccess(member({ email: 'new@example.com', status: 'INVITED' }), admin)).toEqual({
      pending: true,
      canChangeTeam: false,
      canChangeRole: false,
    });
  });
});

describe('assignableRoles', () => {
  it('leaves out the team owner role', () => {
    const roles = [
      { roleId: '1', name: 'Team Owner', code: 'ROLE_ADMIN_TEAM_OWNER' },
      { roleId: '2', name: 'Administrator', code: 'ROLE_ADMIN' },
    ];
    expect(assignableRoles(roles).map((r) => r.roleId)).toEqual(['2']);
  });
});
