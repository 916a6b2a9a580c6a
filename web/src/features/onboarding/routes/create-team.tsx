import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Signup/Teams/Create: create a team (comes with the onboarding issue). */
export default function CreateTeamRoute() {
  return <PagePlaceholder title="Lets make your team" />;
}
