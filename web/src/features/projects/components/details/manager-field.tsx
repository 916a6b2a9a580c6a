import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { ManagerField as Field, Project, ProjectMember } from '@shared/schemas/project';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { unassignProject } from '@/features/projects/api/unassign-project';
import { applyProject, useUpdateProject } from '@/features/projects/api/update-project';
import { UPDATE_ASSIGNEE_ERROR } from '@/features/projects/utils/messages';
import { notifyError, notifySuccess } from '@/lib/notify';
import classes from './inline-fields.module.css';

/** The people drop-down scrolls beyond about 192 px (spec 001 §2). */
export const PEOPLE_DROPDOWN_HEIGHT = 192;
const UNASSIGNED = 'Unassigned';
const FORMER_MEMBER = 'Former member';

export interface ManagerFieldProps {
  project: Project;
  field: Field;
  label: string;
  team: readonly ProjectMember[];
  /** ASSIGN_PROJECT_SALES_MANAGER or ASSIGN_PROJECT_DELIVERY_MANAGER: a drop-down, else read-only. */
  canAssign: boolean;
}

const changeOf = (field: Field, userId: string) =>
  field === 'salesManagerUserId' ? { salesManagerUserId: userId } : { deliveryManagerUserId: userId };

/**
 * The sales or delivery manager (spec 001 §2): a people drop-down of the project's team for those
 * allowed to assign, read-only text for the others. Assigning shows a toast with Undo (which removes
 * the assignment again through /unassign); choosing nobody removes the current manager.
 */
export function ManagerField({ project, field, label, team, canAssign }: ManagerFieldProps) {
  const queryClient = useQueryClient();
  const update = useUpdateProject();
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  const current = project[field] ?? null;
  const shown = pending === undefined ? current : pending;
  const people = new Map(team.map((m) => [m.userId, m.member]));
  const nameOf = (userId: string) => people.get(userId)?.fullName ?? FORMER_MEMBER;

  if (!canAssign) {
    return (
      <Stack gap={2}>
        <Text className={classes.label}>{label}</Text>
        <Group gap="xs" wrap="nowrap" mih={36}>
          {current ? (
            <UserAvatar fullName={nameOf(current)} photo={people.get(current)?.photo} size={24} aria-hidden />
          ) : null}
          <Text size="sm" c={current ? undefined : 'dimmed'}>
            {current ? nameOf(current) : UNASSIGNED}
          </Text>
        </Group>
      </Stack>
    );
  }

  const data = team.map((m) => ({ value: m.userId, label: m.member.fullName }));
  if (current && !people.has(current)) data.push({ value: current, label: FORMER_MEMBER });

  const undo = async (userId: string) => {
    try {
      applyProject(queryClient, await unassignProject({ projectId: project.projectId, field, userId }));
    } catch {
      notifyError(UPDATE_ASSIGNEE_ERROR);
    }
  };

  const change = async (userId: string | null) => {
    if (userId === current) return;
    setPending(userId);
    try {
      if (userId === null) {
        if (current) await undo(current);
        return;
      }
      await update.mutateAsync({ projectId: project.projectId, changes: changeOf(field, userId) });
      const name = nameOf(userId);
      notifySuccess(
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">
            {name} is now the {label}
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void undo(userId)}>
            Undo
          </Button>
        </Group>,
      );
    } catch {
      notifyError(UPDATE_ASSIGNEE_ERROR);
    } finally {
      setPending(undefined);
    }
  };

  const selected = shown ? people.get(shown) : undefined;
  return (
    <Select
      label={label}
      classNames={{
        root: classes.root,
        wrapper: classes.wrapper,
        input: classes.input,
        label: classes.label,
      }}
      data={data}
      value={shown}
      onChange={(value) => void change(value)}
      placeholder={UNASSIGNED}
      searchable
      clearable
      nothingFoundMessage="Nobody in this project's team matches"
      maxDropdownHeight={PEOPLE_DROPDOWN_HEIGHT}
      disabled={pending !== undefined}
      leftSection={
        shown ? (
          <UserAvatar
            fullName={selected?.fullName ?? FORMER_MEMBER}
            photo={selected?.photo}
            size={22}
            aria-hidden
          />
        ) : null
      }
      renderOption={({ option }) => {
        const member = people.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            <UserAvatar fullName={option.label} photo={member?.photo} size={24} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {member ? (
                <Text size="xs" c="dimmed" truncate>
                  {member.emailAddress}
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
