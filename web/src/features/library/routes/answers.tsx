import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Answers: the answer library. */
export default function AnswersRoute() {
  return <PagePlaceholder title="Answer Library" />;
}
