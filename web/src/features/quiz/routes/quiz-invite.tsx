import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Quiz/:quizId/Invite. */
export default function QuizInviteRoute() {
  return <PagePlaceholder title="Send Invitation" />;
}
