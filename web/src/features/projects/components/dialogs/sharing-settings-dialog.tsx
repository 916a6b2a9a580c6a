import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import { IconLock, IconUserPlus, IconUsersGroup, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { useProjectAccess } from '@/features/projects/api/get-project-access';
import { type ShareCandidate, useShareCandidates } from '@/features/projects/api/list-share-candidates';
import { useUpdateProjectAccess } from '@/features/projects/api/update-project-access';
import { FETCH_TEAM_ERROR, SAVE_PROJECT_ERROR } from '@/features/projects/utils/messages';
import { sameMembers, sharingMembers } from '@/features/projects/utils/sharing';
import { useErrorToast } from '@/hooks/use-error-toast';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { notifyError, notifySuccess } from '@/lib/notify';

export const SHARING_SAVED = 'Your sharing settings have been saved';
export const SHARING_CONFLICT = 'Someone else changed who can see this project. Please check and save again.';
const FETCH_ACCESS_ERROR = 'There was a problem fetching your Project';

type Visibility = 'TEAM' | 'PRIVATE';

export interface SharingSettingsDialogProps {
  project: Project;
  opened: boolean;
  onClose: () => void;
}

function VisibilityCard({
  value,
  icon,
  title,
  description,
}: {
  value: Visibility;
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <Radio.Card
      value={value}
      radius="md"
      p="md"
      aria-label={title}
      style={{ display: 'flex', alignItems: 'flex-start' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4}>
          <Group gap={6}>
            {icon}
            <Text fw={600} size="sm">
              {title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * Sharing Settings (spec 001 §4): TEAM, or PRIVATE to a list of members. The creator is always on
 * the list as Owner and the caller as You; neither can be removed. Save is enabled only when the
 * visibility or the list changed; the version read with the settings is sent back (409 if stale).
 */
export function SharingSettingsDialog({ project, opened, onClose }: SharingSettingsDialogProps) {
  const access = useProjectAccess(project.projectId, { enabled: opened });
  const candidates = useShareCandidates({ enabled: opened });
  const me = useCurrentUser().data?.userId ?? '';
  const save = useUpdateProjectAccess();
  const [visibility, setVisibility] = useState<Visibility>('TEAM');
  const [members, setMembers] = useState<string[]>([]);
  useErrorToast(access.isError, access.errorUpdatedAt, FETCH_ACCESS_ERROR);
  useErrorToast(candidates.isError, candidates.errorUpdatedAt, FETCH_TEAM_ERROR);

  const owner = access.data?.createdByUserId ?? project.createdByUserId;
  const initialMembers = useMemo(
    () => (access.data ? sharingMembers(access.data.shareWith, owner, me) : []),
    [access.data, owner, me],
  );
  // Start from what is stored each time the dialog opens (and when it is reloaded after a conflict).
  useEffect(() => {
    if (!opened || !access.data) return;
    setVisibility(access.data.accessVisibility);
    setMembers(initialMembers);
  }, [opened, access.data, initialMembers]);

  const people = useMemo(
    () => new Map((candidates.data ?? []).map((person) => [person.userId, person])),
    [candidates.data],
  );
  const changed =
    access.data !== undefined &&
    (visibility !== access.data.accessVisibility ||
      (visibility === 'PRIVATE' && !sameMembers(members, initialMembers)));
  const saving = save.isPending;
  const addable = (candidates.data ?? [])
    .filter((person) => !members.includes(person.userId))
    .map((person) => ({ value: person.userId, label: person.fullName }));

  const close = () => {
    if (saving) return;
    save.reset();
    onClose();
  };

  const submit = async () => {
    if (!access.data || !changed || saving) return;
    try {
      await save.mutateAsync({
        projectId: project.projectId,
        accessVisibility: visibility,
        shareWith: visibility === 'PRIVATE' ? members : [],
        version: access.data.version,
      });
      notifySuccess(SHARING_SAVED);
      save.reset();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        notifyError(SHARING_CONFLICT, { title: SAVE_PROJECT_ERROR });
        void access.refetch();
      } else {
        notifyError(SAVE_PROJECT_ERROR);
      }
    }
  };

  const personRow = (userId: string) => {
    const person: ShareCandidate | undefined = people.get(userId);
    const name = person?.fullName ?? 'Former member';
    const fixed = userId === owner || userId === me;
    return (
      <Group justify="space-between" wrap="nowrap" py={6} px="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <UserAvatar fullName={name} photo={person?.photo} size={32} aria-hidden />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} truncate>
              {name}
            </Text>
            {person ? (
              <Text size="xs" c="dimmed" truncate>
                {person.emailAddress}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {userId === owner ? (
            <Badge size="sm" variant="light" color="indigo" radius="sm">
              Owner
            </Badge>
          ) : null}
          {userId === me ? (
            <Badge size="sm" variant="light" color="gray" radius="sm">
              You
            </Badge>
          ) : null}
          {fixed ? null : (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${name}`}
              disabled={saving}
              onClick={() => setMembers((list) => list.filter((id) => id !== userId))}
            >
              <IconX size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    );
  };

  let body: ReactNode;
  if (access.isPending) {
    body = (
      <Center py="xl" role="status" aria-label="Loading the sharing settings">
        <Loader size="sm" />
      </Center>
    );
  } else if (access.isError) {
    body = (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{FETCH_ACCESS_ERROR}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void access.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <Radio.Group
          value={visibility}
          onChange={(value) => setVisibility(value as Visibility)}
          label="Who can see this project"
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
            <VisibilityCard
              value="TEAM"
              icon={<IconUsersGroup size={16} />}
              title="Team"
              description="Everyone in your team can see and work on it."
            />
            <VisibilityCard
              value="PRIVATE"
              icon={<IconLock size={16} />}
              title="Private"
              description="Only the people below can see it."
            />
          </SimpleGrid>
        </Radio.Group>
        {visibility === 'PRIVATE' ? (
          <Stack gap="xs">
            <Select
              label="Add people"
              placeholder={candidates.isPending ? 'Loading your team…' : 'Search your team'}
              leftSection={<IconUserPlus size={16} />}
              data={addable}
              searchable
              clearable
              value={null}
              nothingFoundMessage="Everyone in your team is on the list"
              maxDropdownHeight={192}
              disabled={saving || candidates.isPending}
              onChange={(userId) => {
                if (userId) setMembers((list) => (list.includes(userId) ? list : [...list, userId]));
              }}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="xs" c="dimmed" fw={500} tt="uppercase" mt="xs">
              People with access ({members.length})
            </Text>
            <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
              <Stack
                gap={0}
                component="ul"
                m={0}
                p={0}
                aria-label="People with access"
                style={{ listStyle: 'none' }}
              >
                {members.map((userId) => (
                  <li key={userId}>{personRow(userId)}</li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        ) : (
          <Group
            gap="sm"
            wrap="nowrap"
            bg="gray.0"
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
              <IconUsersGroup size={16} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {candidates.data
                ? `All ${candidates.data.length} members of your team can see this project.`
                : 'Everyone in your team can see this project.'}
            </Text>
          </Group>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={submit} loading={saving} disabled={!changed || saving}>
            Save
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Sharing Settings"
      centered
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      {body}
    </Modal>
  );
}
