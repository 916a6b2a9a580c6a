import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Projects/:projectId and /Projects/:projectId/welcome. */
export default function ProjectDashboardRoute() {
  return <PagePlaceholder title="Project Dashboard" />;
}
