import { Button } from '@mantine/core';
import type { Source } from '@shared/schemas/source';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { fileProblem, uploadErrorText, uploadSource, useUploadCalls } from './upload-source';

/**
 * "Upload a new version" on a source card: the chosen file is uploaded as the next version of this
 * source (same kind of file); the processing job reads it and compares it with this one, and the
 * card then offers the difference for review.
 */
export function NewVersionButton({ projectId, source }: { projectId: string; source: Source }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const calls = useUploadCalls();
  const accept = `.${source.fileFormat}`;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return notifyError(problem);
    if (!file.name.toLowerCase().endsWith(accept)) {
      return notifyError(`A new version of ${source.fileName} must be a ${accept} file too.`);
    }
    setBusy(true);
    try {
      await uploadSource(projectId, file, calls, undefined, source.projectSourceId);
      notifySuccess('New version uploaded. We are comparing it with the previous file.');
    } catch (error) {
      // Why this file cannot be a new version (replaced meanwhile, another under review…) is said as such.
      const versionProblem =
        isApiError(error) && (error.status === 409 || error.fieldErrors?.previousSourceId)
          ? (error.fieldErrors?.previousSourceId?.[0] ?? error.message)
          : null;
      notifyError(versionProblem ?? uploadErrorText(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={`New version of ${source.fileName}`}
        onChange={(event) => void upload(event.currentTarget.files?.[0])}
      />
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconFileUpload size={14} />}
        loading={busy}
        onClick={() => input.current?.click()}
      >
        Upload a new version
      </Button>
    </>
  );
}
