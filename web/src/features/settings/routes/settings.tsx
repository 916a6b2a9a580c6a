import { PagePlaceholder } from '@/components/page-placeholder';

/** /Settings: my settings, team settings, API access. */
export default function SettingsRoute() {
  return <PagePlaceholder title="Settings" />;
}
