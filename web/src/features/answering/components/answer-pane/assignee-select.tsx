import { Group, Select, Text } from '@mantine/core';
import type { ProjectMember } from '@shared/schemas/project';
import { IconUserCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { UserAvatar } from '@/components/user-avatar';

export interface AssigneeSelectProps {
  team: ProjectMember[];
  value: string | undefined;
  onChange: (userId: string | null) => void;
  disabled?: boolean;
  loading?: boolean;
}

/** The assignee selector: the project's members; clearing it unassigns. */
export function AssigneeSelect({ team, value, onChange, disabled, loading }: AssigneeSelectProps) {
  const byId = useMemo(() => new Map(team.map((m) => [m.userId, m.member])), [team]);
  const data = useMemo(() => {
    const options = team
      .map((m) => ({ value: m.userId, label: m.member.fullName }))
      .sort((a, b) => a.label.localeCompare(b.label));
    // Someone who has since left the project still shows as the assignee.
    if (value && !byId.has(value)) options.unshift({ value, label: 'A former member' });
    return options;
  }, [team, byId, value]);
  const selected = value ? byId.get(value) : undefined;

  return (
    <Select
      aria-label="Assignee"
      placeholder="Unassigned"
      data={data}
      value={value ?? null}
      onChange={(next) => {
        if ((next ?? undefined) !== value) onChange(next);
      }}
      clearable
      searchable
      nothingFoundMessage="No one by that name"
      disabled={disabled || loading}
      size="sm"
      w={{ base: '100%', xs: 230 }}
      comboboxProps={{ withinPortal: true, shadow: 'md' }}
      leftSection={
        selected ? (
          <UserAvatar fullName={selected.fullName} photo={selected.photo} size={22} />
        ) : (
          <IconUserCircle size={18} stroke={1.5} />
        )
      }
      renderOption={({ option }) => {
        const member = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <UserAvatar fullName={option.label} photo={member?.photo} size={22} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {member ? (
                <Text size="xs" c="dimmed" truncate>
                  {member.emailAddress}
                </Text>
              ) : null}
            </div>
          </Group>
        );
      }}
    />
  );
}
