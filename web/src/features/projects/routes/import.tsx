import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Import. */
export default function ImportRoute() {
  return <PagePlaceholder title="Import" />;
}
