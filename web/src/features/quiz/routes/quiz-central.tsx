import { PagePlaceholder } from '@/components/page-placeholder';

/** /Quiz/: Inbox, Sent and Templates. */
export default function QuizCentralRoute() {
  return <PagePlaceholder title="Quiz Central" />;
}
