import { PagePlaceholder } from '@/components/page-placeholder';

/** /Insights. */
export default function InsightsRoute() {
  return <PagePlaceholder title="Insights" />;
}
