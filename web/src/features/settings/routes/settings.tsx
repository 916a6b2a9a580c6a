import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Settings: my settings, team settings, API access. */
export default function SettingsRoute() {
  return <PagePlaceholder title="Settings" />;
}
