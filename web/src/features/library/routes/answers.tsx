import { PagePlaceholder } from '@/components/page-placeholder';

/** /Answers: the answer library. */
export default function AnswersRoute() {
  return <PagePlaceholder title="Answer Library" />;
}
