import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { EmailSetting, UserSettings } from '@shared/schemas/user';
import { IconMail } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useUserSettings } from '@/features/settings/api/get-user-settings';
import { useUpdateUserSettings } from '@/features/settings/api/update-user-settings';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

export const SETTINGS_FETCH_ERROR = 'There was an error retrieving your settings';
export const SETTINGS_SAVE_ERROR = 'There was an error saving your settings';

interface SwitchCopy {
  key: EmailSetting;
  label: string;
  description: string;
  /** Shown only to those who may receive it (NOTIFY_PROJECT_CREATION). */
  adminOnly?: boolean;
}

/** The e-mail switches of spec 002 §2.6 and §3 (and the library review switch), in the order a person meets them. */
export const EMAIL_SWITCHES: readonly SwitchCopy[] = [
  {
    key: 'sendEmailOnProjectAssigned',
    label: 'A project is assigned to me',
    description: 'When someone makes you the sales manager or the delivery manager of a project.',
  },
  {
    key: 'sendEmailOnQuestionAssigned',
    label: 'A question is assigned to me',
    description: 'When someone asks you to answer a question in a project.',
  },
  {
    key: 'sendEmailOnBeingMentioned',
    label: 'Someone mentions me',
    description: 'When someone mentions you in a comment on a question.',
  },
  {
    key: 'sendEmailOnBeingRepliedTo',
    label: 'Someone replies to my comment',
    description: 'When someone replies in a discussion on a question you commented on.',
  },
  {
    key: 'sendEmailOnProjectCreated',
    label: 'A new project is created in the team',
    description: 'When anyone in your team creates a project.',
    adminOnly: true,
  },
  {
    key: 'sendEmailOnLibraryReviewDue',
    label: 'Library answers due for review',
    description: 'When a library answer you own comes due for review, and a weekly digest of those due.',
  },
];

function SettingRow({
  copy,
  checked,
  onChange,
}: {
  copy: SwitchCopy;
  checked: boolean;
  onChange: (key: EmailSetting, value: boolean) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="lg" py="sm" align="flex-start">
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text component="label" htmlFor={`setting-${copy.key}`} fw={500} size="sm">
            {copy.label}
          </Text>
          {copy.adminOnly ? (
            <Badge size="xs" variant="light" color="gray" radius="sm">
              Admin
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" id={`setting-${copy.key}-description`}>
          {copy.description}
        </Text>
      </Stack>
      <Switch
        id={`setting-${copy.key}`}
        checked={checked}
        onChange={(event) => onChange(copy.key, event.currentTarget.checked)}
        size="md"
        mt={2}
        aria-describedby={`setting-${copy.key}-description`}
        data-setting={copy.key}
      />
    </Group>
  );
}

/**
 * My settings (spec 002 §2.6): the caller's e-mail switches. Each change saves at once, sending
 * only that switch; a failed save puts it back and shows a toast.
 */
export function MySettings() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const permissions = usePermissions();
  const isAdmin = permissions.data?.NOTIFY_PROJECT_CREATION === true;
  useErrorToast(settings.isError, settings.errorUpdatedAt, SETTINGS_FETCH_ERROR);

  const change = (key: EmailSetting, value: boolean) => {
    const body: Partial<UserSettings> = { [key]: value };
    update.mutate(body, { onError: () => notifyError(SETTINGS_SAVE_ERROR) });
  };

  const shown = EMAIL_SWITCHES.filter((copy) => !copy.adminOnly || isAdmin);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
      <Group gap="sm" mb={4}>
        <IconMail size={20} stroke={1.6} />
        <Title order={2} size="h4">
          E-mail notifications
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Choose which e-mails we send you. Notifications inside the app are not affected.
      </Text>
      {settings.isPending ? (
        <Stack gap="md" py="sm" role="status" aria-label="Loading your settings">
          {shown.map((copy) => (
            <Skeleton key={copy.key} height={36} radius="sm" />
          ))}
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" variant="light" title={SETTINGS_FETCH_ERROR}>
          <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap={0}>
          {shown.map((copy, index) => (
            <Fragment key={copy.key}>
              {index > 0 ? <Divider /> : null}
              <SettingRow copy={copy} checked={settings.data[copy.key]} onChange={change} />
            </Fragment>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
