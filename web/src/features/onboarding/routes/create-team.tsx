import { Center, Loader } from '@mantine/core';
import { suggestTeamName } from '../../../../../shared/team-name';
import { useCurrentUser } from '../api/get-current-user';
import { CreateTeamForm } from '../components/create-team-form';
import { TeamIllustration } from '../components/onboarding-illustration';
import { OnboardingLayout } from '../components/onboarding-layout';

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
