import { PagePlaceholder } from '@/components/page-placeholder';

/** /Library. */
export default function LibraryRoute() {
  return <PagePlaceholder title="Library" />;
}
