import { PagePlaceholder } from '@/components/page-placeholder';

/** /Projects and /Projects/Create (the list with the create dialog open). */
export default function ProjectsRoute() {
  return <PagePlaceholder title="Projects" />;
}
