import { Box, Stack, Text } from '@mantine/core';
import type { DocumentType } from '@shared/schemas/document';
import { DocumentUploadForm } from '@/components/document-upload-form';
import { useCompleteDocument } from '@/features/documents/api/complete-document';
import { createDocument } from '@/features/documents/api/create-document';
import { notifySuccess } from '@/lib/notify';

/** The Upload tab (spec 002 §2.3): the upload form; once complete the list reloads and Available shows. */
export function UploadTab({
  types,
  onUploaded,
}: {
  types: { data?: readonly DocumentType[]; isPending: boolean; isError: boolean; errorUpdatedAt: number };
  onUploaded: () => void;
}) {
  const complete = useCompleteDocument();
  return (
    <Box p={{ base: 'md', sm: 'lg' }} maw={560}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Add a document to the library. Once it is uploaded, anyone answering a questionnaire can attach it.
        </Text>
        <DocumentUploadForm
          types={types}
          createDocument={createDocument}
          completeDocument={(documentId) => complete.mutateAsync({ documentId })}
          onUploaded={(document) => {
            notifySuccess(`${document.documentName} has been uploaded`);
            onUploaded();
          }}
        />
      </Stack>
    </Box>
  );
}
