import { PagePlaceholder } from '@/components/page-placeholder';

/** /Long_Form. */
export default function LongFormRoute() {
  return <PagePlaceholder title="Long Form" />;
}
