import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { invitationsQueryKey, useInvitations } from '@/features/onboarding/api/list-invitations';
import type { InvitationResponse } from '@/features/onboarding/api/respond-to-invitation';
import {
  ACCEPT_FAILED_MESSAGE,
  DECLINE_FAILED_MESSAGE,
  InvitationRow,
} from '@/features/onboarding/components/invitation-row';
import { WelcomeIllustration } from '@/features/onboarding/components/onboarding-illustration';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { useRestartApp } from '@/features/onboarding/hooks/use-restart-app';
import { USAGE_EVENTS } from '@/features/onboarding/utils/usage-events';
import { accountStatusQueryKey } from '@/lib/account-status';
import { trackEvent } from '@/lib/activity';
import { logAppError } from '@/lib/app-error';
import { notifyError } from '@/lib/notify';

/**
 * /Signup/Account: the pending invitations. Accepting restarts the application (the user now has a
 * team); declining the last one restarts it too, otherwise the list and the account status are
 * refreshed (spec 000 §4).
 */
export default function InvitationsRoute() {
  const queryClient = useQueryClient();
  const restart = useRestartApp();
  const invitations = useInvitations();

  const onResponded = async (response: InvitationResponse) => {
    const remaining = invitations.data?.length ?? 0;
    if (response === 'ACCEPT') {
      trackEvent(USAGE_EVENTS.invitationAccept);
      await restart();
      return;
    }
    trackEvent(USAGE_EVENTS.invitationDecline);
    if (remaining <= 1) {
      await restart();
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
      queryClient.invalidateQueries({ queryKey: accountStatusQueryKey }),
    ]);
  };

  const onFailed = (response: InvitationResponse, error: Error) => {
    logAppError(`invitation.${response.toLowerCase()}`, error);
    notifyError(response === 'ACCEPT' ? ACCEPT_FAILED_MESSAGE : DECLINE_FAILED_MESSAGE);
  };

  return (
    <OnboardingLayout
      pageTitle="You're invited!"
      heading="You're invited!"
      illustration={<WelcomeIllustration />}
    >
      {invitations.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading invitations" />
        </Center>
      ) : invitations.isError ? (
        <Alert color="red" title="There was an error retrieving your invitations">
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void invitations.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : invitations.data.length === 0 ? (
        <Stack align="center" gap="sm">
          <Text c="dimmed">You have no pending invitations.</Text>
          <Button component={Link} to="/Signup/Teams" variant="light">
            Continue
          </Button>
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Invitations">
          {invitations.data.map((invitation) => (
            <InvitationRow
              key={invitation.membershipId}
              invitation={invitation}
              onResponded={onResponded}
              onFailed={onFailed}
            />
          ))}
        </Stack>
      )}
    </OnboardingLayout>
  );
}
