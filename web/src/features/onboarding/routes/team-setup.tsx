import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { TeamIllustration } from '@/features/onboarding/components/onboarding-illustration';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';

/** /Signup/Teams: the account is set up; create a team now or wait to be invited (spec 000 §2.5). */
export default function TeamSetupRoute() {
  return (
    <OnboardingLayout
      pageTitle="Team Set-up"
      heading="Thanks for setting up your account!"
      illustration={<TeamIllustration />}
    >
      <Stack gap="md" align="center">
        <Text ta="center">
          You're not part of a team yet. You can set up your own team now, or wait to be invited to an
          existing one: invitations arrive by e-mail, and you'll see them here when you next sign in.
        </Text>
        <Button component={Link} to="/Signup/Teams/Create" size="md">
          Create a new team
        </Button>
      </Stack>
    </OnboardingLayout>
  );
}
