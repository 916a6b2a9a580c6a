import { PagePlaceholder } from '@/components/page-placeholder';

/** /Quiz/New and /Quiz/:quizId/Edit. */
export default function QuizEditRoute() {
  return <PagePlaceholder title="Edit Quiz" />;
}
