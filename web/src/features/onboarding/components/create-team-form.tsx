import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LIMITS } from '@shared/constants';
import { Link } from 'react-router-dom';
import { CreateTeamRequest, useCreateTeam } from '@/features/onboarding/api/create-team';
import { useRestartApp } from '@/features/onboarding/hooks/use-restart-app';
import { USAGE_EVENTS } from '@/features/onboarding/utils/usage-events';
import { trackEvent } from '@/lib/activity';
import { logAppError } from '@/lib/app-error';
import { notifyError } from '@/lib/notify';

export const CREATE_TEAM_FAILED_MESSAGE = 'There was an error creating your team';

/**
 * Create team: the name (prefilled with the suggestion), Cancel and 'Create my team'. On success
 * the usage event is recorded, the application restarts and the route is replaced with home; on
 * failure the error is shown and the form is ready again (spec 000 §2.5, §4, §8).
 */
export function CreateTeamForm({ suggestedName }: { suggestedName: string }) {
  const restart = useRestartApp();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: suggestedName },
    validate: schemaResolver(CreateTeamRequest, { sync: true }),
    validateInputOnBlur: true,
  });

  const create = useCreateTeam({
    onSuccess: async (team) => {
      if (!team) {
        notifyError(CREATE_TEAM_FAILED_MESSAGE);
        return;
      }
      trackEvent(USAGE_EVENTS.createTeam, { teamName: team.name });
      await restart();
    },
    onError: (error) => {
      logAppError('createTeam', error);
      notifyError(error.message, { title: CREATE_TEAM_FAILED_MESSAGE });
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = CreateTeamRequest.safeParse(values);
    if (parsed.success) create.mutate(parsed.data);
  });

  const busy = create.isPending || create.isSuccess;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <TextInput
          label="Team Name (Required)"
          placeholder="Your team name"
          maxLength={LIMITS.teamNameMax}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/Signup/Teams" variant="default">
            Cancel
          </Button>
          <Button type="submit" disabled={!form.isValid() || busy} loading={busy}>
            Create my team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
