import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Quiz/: Inbox, Sent and Templates. */
export default function QuizCentralRoute() {
  return <PagePlaceholder title="Quiz Central" />;
}
