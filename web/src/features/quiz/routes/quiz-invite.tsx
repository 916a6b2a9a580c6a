import { PagePlaceholder } from '@/components/page-placeholder';

/** /Quiz/:quizId/Invite. */
export default function QuizInviteRoute() {
  return <PagePlaceholder title="Send Invitation" />;
}
