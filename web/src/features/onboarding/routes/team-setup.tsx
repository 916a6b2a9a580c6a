import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Signup/Teams: set up a team or wait to be invited (comes with the onboarding issue). */
export default function TeamSetupRoute() {
  return <PagePlaceholder title="Team Set-up" />;
}
