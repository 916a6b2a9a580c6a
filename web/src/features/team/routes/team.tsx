import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Team: team members and invitations (comes with the team issue). */
export default function TeamRoute() {
  return <PagePlaceholder title="Team Management" />;
}
