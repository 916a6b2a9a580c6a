import '@mantine/dates/styles.css';
import { Button, Group, Input, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IsoDate, PROJECT_PRIORITIES, ProjectName, TEXT_MAX } from '@shared/schemas/project';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { RequiredLabel } from '@/components/required-label';
import { useCreateProject } from '@/features/projects/api/create-project';
import { calendarDayFromToday, defaultDueDate } from '@/features/projects/utils/due-status';
import { projectWelcomePath } from '@/features/projects/utils/paths';
import { isApiError } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { notifyError } from '@/lib/notify';

dayjs.extend(advancedFormat);

export const CREATE_PROJECT_ERROR = 'There was an error creating your project';
export const DUE_DATE_MESSAGE = 'Please choose a due date from today onwards';

type Priority = (typeof PROJECT_PRIORITIES)[number];

interface CreateValues {
  name: string;
  dueOn: string | null;
  projectPriority: Priority;
}

const PRIORITY_OPTIONS: { value: Priority; label: string }[] = [
  { value: 'LOW', label: 'Low' },
  { value: 'NORMAL', label: 'Normal' },
  { value: 'HIGH', label: 'High' },
];

/** The form's rules: the server's own name schema, and a due date from today on (local time). */
const createSchema = (today: string) =>
  z.object({
    name: ProjectName,
    dueOn: z
      .string({ error: DUE_DATE_MESSAGE })
      .pipe(IsoDate)
      .refine((day) => day >= today, DUE_DATE_MESSAGE),
    projectPriority: z.enum(PROJECT_PRIORITIES),
  });

export interface CreateProjectDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Create Project (spec 001 §2): name (trimmed, 3 to 256 characters), a due date two weeks ahead by
 * default (past dates disallowed) and the priority. Create is disabled until the form is valid and
 * while saving; success opens the new project's welcome; failure keeps the dialog open.
 */
export function CreateProjectDialog({ opened, onClose }: CreateProjectDialogProps) {
  const navigate = useNavigate();
  const create = useCreateProject();
  // The day the dialog opened: reopening it the next day moves both the default and the limit.
  const today = useMemo(() => (opened ? calendarDayFromToday(0) : ''), [opened]);
  const schema = useMemo(() => createSchema(today), [today]);
  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: { name: '', dueOn: defaultDueDate(), projectPriority: 'NORMAL' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const parsed = schema.safeParse(form.values);
  const saving = create.isPending;
  // Escape in the open date picker closes the picker only, never the whole dialog.
  const [pickerOpen, setPickerOpen] = useState(false);

  const close = () => {
    if (saving) return;
    form.setValues({ name: '', dueOn: defaultDueDate(), projectPriority: 'NORMAL' });
    form.clearErrors();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit(async () => {
    if (!parsed.success || saving) return;
    try {
      const project = await create.mutateAsync(parsed.data);
      navigate(projectWelcomePath(project.projectId));
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (messages[0] && (field === 'name' || field === 'dueOn')) form.setFieldError(field, messages[0]);
        }
      }
      notifyError(CREATE_PROJECT_ERROR);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={700} size="lg">
          Create Project
        </Text>
      }
      centered
      size="md"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving && !pickerOpen}
      withCloseButton={!saving}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A project holds one questionnaire or assessment. You can import its questions once it is created.
          </Text>
          <TextInput
            label={<RequiredLabel label="Project Name" />}
            placeholder="e.g. Acme Corp vendor security review"
            autoComplete="off"
            maxLength={TEXT_MAX}
            data-autofocus
            disabled={saving}
            {...form.getInputProps('name')}
            // The rule is shown once something was typed (or on Create), not on merely passing by.
            onBlur={() => {
              if (form.isDirty('name')) form.validateField('name');
            }}
          />
          <DatePickerInput
            label="Due Date"
            valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDate(date) : '')}
            minDate={today}
            leftSection={<IconCalendar size={16} />}
            leftSectionPointerEvents="none"
            firstDayOfWeek={1}
            weekendDays={[]}
            disabled={saving}
            popoverProps={{
              withinPortal: true,
              onOpen: () => setPickerOpen(true),
              onClose: () => setPickerOpen(false),
            }}
            {...form.getInputProps('dueOn')}
          />
          <Input.Wrapper label="Priority" labelElement="div">
            <SegmentedControl
              fullWidth
              mt={4}
              role="radiogroup"
              aria-label="Priority"
              data={PRIORITY_OPTIONS}
              disabled={saving}
              {...form.getInputProps('projectPriority')}
            />
          </Input.Wrapper>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!parsed.success || saving}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
