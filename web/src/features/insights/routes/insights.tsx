import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Insights. */
export default function InsightsRoute() {
  return <PagePlaceholder title="Insights" />;
}
