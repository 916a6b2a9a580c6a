import { Badge, Group as Row, Select, Table, Text, Tooltip } from '@mantine/core';
import type { Group, Membership, Role } from '@shared/schemas/team';
import { UpdateMemberRequest } from '@shared/schemas/team';
import { type ReactNode, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { useUpdateMember } from '@/features/team/api/update-member';
import { assignableRoles, type Caller, rowAccess } from '@/features/team/utils/member-access';
import { formatAddedDate, formatLastSeen, NEVER } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AddressWithHealth } from './mail-health-badge';
import classes from './team-table.module.css';

export const ACCESS_UPDATED = 'Access updated';
export const UPDATE_ERROR = 'There was an error updating that person';

export interface TeamTableProps {
  memberships: readonly Membership[];
  roles: readonly Role[];
  groups: readonly Group[];
  caller: Caller;
}

/** Column names, also each value's label when the rows stack on a narrow screen. */
const COLUMNS = ['Name', 'Email Address', 'Team', 'Role', 'Added', 'Last Seen'] as const;
type Column = (typeof COLUMNS)[number];

/** A cell that keeps its column's name for the stacked layout (and the cell role for screen readers). */
function Cell({ column, children, miw }: { column: Column; children?: ReactNode; miw?: number }) {
  return (
    <Table.Td
      role="cell"
      data-label={column}
      miw={miw}
      className={column === 'Email Address' ? classes.email : undefined}
    >
      {children}
    </Table.Td>
  );
}

/**
 * The team list (spec 000 §2.7): every member and pending invitation, no pagination. A table where
 * there is room; one stacked card per person on a phone (team-table.module.css), never a table to
 * scroll sideways.
 */
export function TeamTable({ memberships, roles, groups, caller }: TeamTableProps) {
  const groupOptions = groups.map((group) => ({ value: group.groupId, label: group.groupName }));
  const roleOptions = assignableRoles(roles).map((role) => ({ value: role.roleId, label: role.name }));
  return (
    <div className={classes.container}>
      <Table verticalSpacing="sm" highlightOnHover className={classes.table} role="table">
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {COLUMNS.map((column) => (
              <Table.Th key={column} role="columnheader">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {memberships.map((membership) => (
            <MemberRow
              key={membership.membershipId}
              membership={membership}
              caller={caller}
              groupOptions={groupOptions}
              roleOptions={roleOptions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

interface MemberRowProps {
  membership: Membership;
  caller: Caller;
  groupOptions: Option[];
  roleOptions: Option[];
}

function MemberRow({ membership, caller, groupOptions, roleOptions }: MemberRowProps) {
  const access = rowAccess(membership, caller);
  const update = useUpdateMember();
  /** The values being saved, shown until the refreshed list arrives (or reverted on failure). */
  const [pendingValues, setPendingValues] = useState<{ groupId: string; roleId: string } | null>(null);
  const [errors, setErrors] = useState<{ groupId?: string; roleId?: string }>({});
  const groupId = pendingValues?.groupId ?? membership.groupId;
  const roleId = pendingValues?.roleId ?? membership.roleId;

  const change = (next: { groupId: string | null; roleId: string | null }) => {
    const parsed = UpdateMemberRequest.safeParse(next);
    if (!parsed.success) {
      const fieldErrors: { groupId?: string; roleId?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'groupId' || key === 'roleId') fieldErrors[key] = issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    if (parsed.data.groupId === membership.groupId && parsed.data.roleId === membership.roleId) return;
    setPendingValues(parsed.data);
    update.mutate(
      { membershipId: membership.membershipId, ...parsed.data },
      {
        onSuccess: () => notifySuccess(ACCESS_UPDATED),
        onError: () => notifyError(UPDATE_ERROR),
        onSettled: () => setPendingValues(null),
      },
    );
  };

  if (access.pending) {
    return (
      <Table.Tr
        role="row"
        aria-disabled
        data-pending
        style={{ opacity: 0.5, pointerEvents: 'none', userSelect: 'none' }}
        c="dimmed"
      >
        <Cell column="Name">
          <Text fs="italic" size="sm">
            Not Accepted
          </Text>
        </Cell>
        <Cell column="Email Address">
          <AddressWithHealth address={membership.emailAddress} health={membership.mailHealth} />
        </Cell>
        <Cell column="Team">{membership.group.groupName}</Cell>
        <Cell column="Role">{membership.role.name}</Cell>
        <Cell column="Added">{formatAddedDate(membership.createdAt)}</Cell>
        <Cell column="Last Seen">{NEVER}</Cell>
      </Table.Tr>
    );
  }

  const name = membership.member?.fullName ?? '';
  const email = membership.member?.emailAddress ?? membership.emailAddress;
  const saving = update.isPending;
  // A role outside the offered list (e.g. a custom one) still shows its name.
  const rowRoleOptions = roleOptions.some((option) => option.value === membership.roleId)
    ? roleOptions
    : [...roleOptions, { value: membership.roleId, label: membership.role.name }];
  const rowGroupOptions = groupOptions.some((option) => option.value === membership.groupId)
    ? groupOptions
    : [...groupOptions, { value: membership.groupId, label: membership.group.groupName }];

  return (
    <Table.Tr role="row">
      <Cell column="Name">
        <Row gap="sm" wrap="nowrap">
          <UserAvatar fullName={name} photo={membership.member?.photo} size={28} />
          <Text size="sm" fw={500}>
            {name}
          </Text>
          {membership.deactivatedAt ? (
            <Tooltip
              label="Turned off by your identity provider (SCIM): every request of theirs is refused"
              multiline
              w={240}
              withArrow
            >
              <Badge color="gray" variant="light" size="sm" tabIndex={0}>
                Deactivated
              </Badge>
            </Tooltip>
          ) : null}
        </Row>
      </Cell>
      <Cell column="Email Address">
        <AddressWithHealth address={email} health={membership.mailHealth} />
      </Cell>
      <Cell column="Team" miw={170}>
        {access.canChangeTeam ? (
          <Select
            aria-label={`Team of ${name || email}`}
            data={rowGroupOptions}
            value={groupId}
            onChange={(value) => change({ groupId: value, roleId })}
            allowDeselect={false}
            disabled={saving}
            error={errors.groupId}
            size="sm"
          />
        ) : (
          membership.group.groupName
        )}
      </Cell>
      <Cell column="Role" miw={170}>
        {access.canChangeRole ? (
          <Select
            aria-label={`Role of ${name || email}`}
            data={rowRoleOptions}
            value={roleId}
            onChange={(value) => change({ groupId, roleId: value })}
            allowDeselect={false}
            disabled={saving}
            error={errors.roleId}
            size="sm"
          />
        ) : (
          membership.role.name
        )}
      </Cell>
      <Cell column="Added">{formatAddedDate(membership.createdAt)}</Cell>
      <Cell column="Last Seen">{formatLastSeen(membership.member?.lastSeen)}</Cell>
    </Table.Tr>
  );
}
