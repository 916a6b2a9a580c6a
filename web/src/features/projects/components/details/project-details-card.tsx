import '@mantine/dates/styles.css';
import { Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { INDUSTRIES } from '@shared/industries';
import type { PermissionMap } from '@shared/permissions';
import {
  DEAL_STATUSES,
  PROJECT_PRIORITIES,
  type Project,
  type ProjectMember,
  ProjectName,
  TEXT_MAX,
  type UpdateProjectRequest,
} from '@shared/schemas/project';
import { IconCalendar } from '@tabler/icons-react';
import { useUpdateProject } from '@/features/projects/api/update-project';
import { SectionCard } from '@/features/projects/components/dashboard/section-card';
import { calendarDayFromToday } from '@/features/projects/utils/due-status';
import { UPDATE_PROJECT_ERROR } from '@/features/projects/utils/messages';
import { formatCalendarDate } from '@/lib/dates';
import { notifyError } from '@/lib/notify';
import classes from './inline-fields.module.css';
import { InlineText } from './inline-text';
import { ManagerField } from './manager-field';

export const PRIORITY_OPTIONS = PROJECT_PRIORITIES.map((value) => ({
  value,
  label: { LOW: 'Low', NORMAL: 'Normal', HIGH: 'High' }[value],
}));
export const DEAL_STATUS_OPTIONS = DEAL_STATUSES.map((value) => ({
  value,
  label: { 'IN-PROGRESS': 'In Progress', WON: 'Won', LOST: 'Lost', UNKNOWN: 'Unknown' }[value],
}));
const INDUSTRY_OPTIONS = [...INDUSTRIES];
/** The due date picker's id: the welcome dialog's "Change the due date" opens it. */
export const DUE_DATE_INPUT_ID = 'project-due-date';

export interface ProjectDetailsCardProps {
  project: Project;
  team: readonly ProjectMember[];
  permissions: PermissionMap;
}

function ReadOnly({ label, value }: { label: string; value: string | undefined }) {
  return (
    <Stack gap={2}>
      <Text className={classes.label}>{label}</Text>
      <Text size="sm" c={value ? undefined : 'dimmed'} mih={36} py={7} style={{ wordBreak: 'break-word' }}>
        {value || 'Not set'}
      </Text>
    </Stack>
  );
}

/**
 * Project Details (spec 001 §2): the name, the two managers, industry, priority, deal status and
 * due date, each edited in place and saved on its own (one field per update).
 */
export function ProjectDetailsCard({ project, team, permissions }: ProjectDetailsCardProps) {
  const update = useUpdateProject();
  const canEdit = permissions.USER_PERMISSION_CREATE_PROJECT === true;

  const save = async (changes: UpdateProjectRequest) => {
    try {
      await update.mutateAsync({ projectId: project.projectId, changes });
    } catch (error) {
      notifyError(UPDATE_PROJECT_ERROR);
      throw error;
    }
  };
  const saveQuietly = (changes: UpdateProjectRequest) => save(changes).catch(() => undefined);

  const selectClasses = {
    root: classes.root,
    wrapper: classes.wrapper,
    input: classes.input,
    label: classes.label,
  };
  const label = (options: ReadonlyArray<{ value: string; label: string }>, value: string | undefined) =>
    options.find((o) => o.value === value)?.label;

  return (
    <SectionCard title="Project Details">
      <Stack gap="sm">
        {canEdit ? (
          <InlineText
            label="Project Name"
            value={project.name}
            schema={ProjectName}
            maxLength={TEXT_MAX}
            onSave={(name) => save({ name })}
          />
        ) : (
          <ReadOnly label="Project Name" value={project.name} />
        )}
        <ManagerField
          project={project}
          field="salesManagerUserId"
          label="Sales Manager"
          team={team}
          canAssign={permissions.ASSIGN_PROJECT_SALES_MANAGER === true}
        />
        <ManagerField
          project={project}
          field="deliveryManagerUserId"
          label="Delivery Manager"
          team={team}
          canAssign={permissions.ASSIGN_PROJECT_DELIVERY_MANAGER === true}
        />
        {canEdit ? (
          <>
            <Select
              label="Industry"
              classNames={selectClasses}
              data={INDUSTRY_OPTIONS}
              value={project.industryVertical ?? null}
              placeholder="Select an industry"
              searchable
              clearable
              maxDropdownHeight={240}
              onChange={(value) =>
                void saveQuietly({ industryVertical: (value as Project['industryVertical']) ?? null })
              }
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Priority"
              classNames={selectClasses}
              data={PRIORITY_OPTIONS}
              value={project.projectPriority}
              allowDeselect={false}
              onChange={(value) =>
                value ? void saveQuietly({ projectPriority: value as Project['projectPriority'] }) : undefined
              }
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Deal Status"
              classNames={selectClasses}
              data={DEAL_STATUS_OPTIONS}
              value={project.dealStatus ?? null}
              placeholder="Not set"
              clearable
              onChange={(value) => void saveQuietly({ dealStatus: (value as Project['dealStatus']) ?? null })}
              comboboxProps={{ withinPortal: true }}
            />
            <DatePickerInput
              id={DUE_DATE_INPUT_ID}
              label="Due Date"
              classNames={selectClasses}
              value={project.dueOn}
              valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDate(date) : '')}
              minDate={calendarDayFromToday(0)}
              firstDayOfWeek={1}
              rightSection={<IconCalendar size={16} />}
              rightSectionPointerEvents="none"
              onChange={(value) =>
                value && value !== project.dueOn ? void saveQuietly({ dueOn: value }) : undefined
              }
              popoverProps={{ withinPortal: true }}
            />
          </>
        ) : (
          <>
            <ReadOnly label="Industry" value={project.industryVertical} />
            <ReadOnly label="Priority" value={label(PRIORITY_OPTIONS, project.projectPriority)} />
            <ReadOnly label="Deal Status" value={label(DEAL_STATUS_OPTIONS, project.dealStatus)} />
            <ReadOnly label="Due Date" value={formatCalendarDate(project.dueOn)} />
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
