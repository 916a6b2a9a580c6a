import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** /Files: documents and files. */
export default function FilesRoute() {
  return <PagePlaceholder title="Document Library" />;
}
