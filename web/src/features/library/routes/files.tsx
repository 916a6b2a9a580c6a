import { PagePlaceholder } from '@/components/page-placeholder';

/** /Files: documents and files. */
export default function FilesRoute() {
  return <PagePlaceholder title="Document Library" />;
}
