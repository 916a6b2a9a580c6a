import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Profile: photo, names, logout (comes with the profile issue). */
export default function ProfileRoute() {
  return <PagePlaceholder title="Profile" />;
}
