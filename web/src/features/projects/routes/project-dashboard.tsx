import { PagePlaceholder } from '@/components/page-placeholder';

/** /Projects/:projectId and /Projects/:projectId/welcome. */
export default function ProjectDashboardRoute() {
  return <PagePlaceholder title="Project Dashboard" />;
}
