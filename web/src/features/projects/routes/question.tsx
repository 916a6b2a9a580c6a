import { PagePlaceholder } from '@/components/page-placeholder';

/** /Projects/:projectId/start and /Projects/:projectId/:questionId/* (question answering). */
export default function QuestionRoute() {
  return <PagePlaceholder title="Questions" />;
}
