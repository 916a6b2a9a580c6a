import { PagePlaceholder } from '@/components/page-placeholder';

/** /Import. */
export default function ImportRoute() {
  return <PagePlaceholder title="Import" />;
}
