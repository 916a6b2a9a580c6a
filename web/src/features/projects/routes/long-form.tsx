import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Long_Form. */
export default function LongFormRoute() {
  return <PagePlaceholder title="Long Form" />;
}
