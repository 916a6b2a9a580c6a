import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import type { Question } from '@shared/schemas/question';
import { IconFileText, IconSparkles } from '@tabler/icons-react';
import { confidencePercent } from '@/lib/confidence';
import { notifyError } from '@/lib/notify';
import { useLibraryDocuments } from '../../api/list-library-documents';
import { useReviewDraft } from '../../api/review-draft';
import { MESSAGES } from './messages';

/**
 * A question Fill from library answered: the library entry its draft cites (and that entry's
 * supporting documents, attached to the question once the draft is accepted) and the confidence;
 * Accept keeps it as it is, saving (edited or not) accepts it too, Reject clears it. The question
 * then refetches and reaches the editor like any other change.
 */
export function LibraryDraftBanner({ question, canAnswer }: { question: Question; canAnswer: boolean }) {
  const review = useReviewDraft();
  const draft = question.libraryDraft;
  const cited = draft?.documentIds ?? [];
  const documents = useLibraryDocuments(cited.length > 0).data ?? [];
  if (!draft) return null;
  const citedDocuments = documents.filter((d) => cited.includes(d.documentId));
  const decide = (decision: 'ACCEPT' | 'REJECT') =>
    review.mutate(
      { projectId: question.projectId, questionId: question.questionId, decision },
      { onError: () => notifyError(MESSAGES.reviewDraft) },
    );
  return (
    <Alert
      variant="light"
      color="violet"
      radius="md"
      icon={<IconSparkles size={18} />}
      title={`Draft from the library · ${confidencePercent(draft.confidence)}% confident`}
      data-testid="library-draft"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          Filled from the approved answer to “{draft.originalQuestion}”. Accept it, edit and save, or reject
          it.
          {citedDocuments.length ? (
            <Group gap={6} mt={6} component="span" aria-label="Supporting documents">
              {citedDocuments.map((d) => (
                <Badge
                  key={d.documentId}
                  variant="white"
                  color="violet"
                  leftSection={<IconFileText size={12} />}
                >
                  {d.documentName}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Text>
        {canAnswer ? (
          <Group gap="xs">
            <Button size="xs" color="violet" loading={review.isPending} onClick={() => decide('ACCEPT')}>
              Accept
            </Button>
            <Button size="xs" variant="default" loading={review.isPending} onClick={() => decide('REJECT')}>
              Reject
            </Button>
          </Group>
        ) : null}
      </Group>
    </Alert>
  );
}
