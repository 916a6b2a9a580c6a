import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Notifications: Unread and All tabs (comes with the notifications issue). */
export default function NotificationsRoute() {
  return <PagePlaceholder title="Notifications" />;
}
