import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Quiz/New and /Quiz/:quizId/Edit. */
export default function QuizEditRoute() {
  return <PagePlaceholder title="Edit Quiz" />;
}
