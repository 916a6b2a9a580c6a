import { Center, Loader } from '@mantine/core';
import { suggestTeamName } from '@shared/team-name';
import { CreateTeamForm } from '@/features/onboarding/components/create-team-form';
import { TeamIllustration } from '@/features/onboarding/components/onboarding-illustration';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { useCurrentUser } from '@/lib/current-user';

/** /Signup/Teams/Create: name and create a team; the name is suggested from the user (spec 000 §9). */
export default function CreateTeamRoute() {
  const user = useCurrentUser();
  const suggestedName = user.data ? suggestTeamName(user.data.emailAddress, user.data.fullName) : '';
  return (
    <OnboardingLayout
      pageTitle="Create Team"
      heading="Lets make your team"
      illustration={<TeamIllustration />}
    >
      {user.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <CreateTeamForm suggestedName={suggestedName} />
      )}
    </OnboardingLayout>
  );
}
