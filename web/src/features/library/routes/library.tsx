import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Library. */
export default function LibraryRoute() {
  return <PagePlaceholder title="Library" />;
}
