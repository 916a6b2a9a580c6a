import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Signup/Account: pending invitations (comes with the onboarding issue). */
export default function InvitationsRoute() {
  return <PagePlaceholder title="You're invited!" />;
}
