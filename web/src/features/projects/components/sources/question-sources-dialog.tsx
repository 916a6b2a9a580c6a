import { Alert, Button, Center, EmptyState, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { SheetSummary, Source } from '@shared/schemas/source';
import { IconFilePlus, IconFiles } from '@tabler/icons-react';
import { useState } from 'react';
import { useCompareSourceVersion } from '@/features/projects/api/compare-source-version';
import { useDownloadSource } from '@/features/projects/api/download-source';
import { useProjectTeam } from '@/features/projects/api/get-project-team';
import { useSources } from '@/features/projects/api/list-sources';
import { SOURCE_MESSAGES } from '@/features/projects/utils/messages';
import { useErrorToast } from '@/hooks/use-error-toast';
import { isApiError } from '@/lib/api-client';
import { downloadLink } from '@/lib/download';
import { notifyError } from '@/lib/notify';
import { DocumentConfigurationDialog } from './document/document-configuration-dialog';
import { NewVersionButton } from './new-version-button';
import { SheetConfigurationDialog } from './sheet-configuration-dialog';
import { SourceCard } from './source-card';
import { VersionDialog } from './version-dialog';

export interface QuestionSourcesDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  onAddFile: () => void;
  /** CREATE_QUESTION: may add files and configure them. */
  canEdit: boolean;
}

type Configuring =
  | { kind: 'sheet'; projectSourceId: string; sheetId: string }
  | { kind: 'document'; projectSourceId: string };

const newestFirst = (a: Source, b: Source) => b.createdAt.localeCompare(a.createdAt);

/**
 * Question Sources (spec 001 §2): the project's questionnaire files, newest first, each with its
 * state (updated live while it is read), its sheets or document with their questions, Configure
 * and Download original. Configure opens the sheet or document configuration over it.
 */
export function QuestionSourcesDialog({
  projectId,
  opened,
  onClose,
  onAddFile,
  canEdit,
}: QuestionSourcesDialogProps) {
  const [configuring, setConfiguring] = useState<Configuring | null>(null);
  const [comparing, setComparing] = useState<string | null>(null);
  const compare = useCompareSourceVersion();
  const sources = useSources(projectId, { enabled: opened, followProcessing: true });
  const team = useProjectTeam(projectId);
  const download = useDownloadSource();
  useErrorToast(sources.isError, sources.errorUpdatedAt, SOURCE_MESSAGES.fetchSources);

  const list = [...(sources.data ?? [])].sort(newestFirst);
  const nameOf = (userId: string) =>
    team.data?.find((m) => m.userId === userId)?.member.fullName ?? 'a teammate';
  const configuringSource = configuring
    ? list.find((s) => s.projectSourceId === configuring.projectSourceId)
    : undefined;

  const sourceName = (projectSourceId: string | undefined) =>
    list.find((s) => s.projectSourceId === projectSourceId)?.fileName ?? 'an earlier file';

  const acceptMatch = async (source: Source) => {
    try {
      await compare.mutateAsync({
        projectId,
        projectSourceId: source.projectSourceId,
        previousSourceId: source.matchesSourceId as string,
      });
    } catch (error) {
      notifyError(
        isApiError(error) && error.status !== 500 ? error.message : 'Something went wrong. Try again.',
      );
    }
  };

  const downloadOriginal = async (source: Source) => {
    try {
      const link = await download.mutateAsync({ projectId, projectSourceId: source.projectSourceId });
      downloadLink(link.url, link.fileName);
    } catch {
      notifyError(SOURCE_MESSAGES.downloadSource);
    }
  };

  const configureSheet = canEdit
    ? (source: Source) => (sheet: SheetSummary) =>
        setConfiguring({ kind: 'sheet', projectSourceId: source.projectSourceId, sheetId: sheet.sheetId })
    : undefined;

  return (
    <>
      <Modal
        opened={opened && configuring === null && comparing === null}
        onClose={onClose}
        title="Question Sources"
        centered
        size="xl"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
              The questionnaire files imported into this project. Configure a sheet or document to choose
              which of its rows become questions.
            </Text>
            {canEdit && list.length > 0 ? (
              <Button leftSection={<IconFilePlus size={16} />} onClick={onAddFile} style={{ flexShrink: 0 }}>
                Add File
              </Button>
            ) : null}
          </Group>
          {sources.isPending ? (
            <Center py="xl" role="status" aria-label="Loading the source documents">
              <Loader size="sm" />
            </Center>
          ) : sources.isError ? (
            <Alert color="red" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{SOURCE_MESSAGES.fetchSources}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void sources.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : list.length === 0 ? (
            <EmptyState
              icon={<IconFiles size={28} />}
              withIndicatorBackground
              title="No question sources yet"
              description="Upload the spreadsheet or Word document your customer sent, and its questions join this project."
            >
              {canEdit ? (
                <EmptyState.Actions>
                  <Button leftSection={<IconFilePlus size={16} />} onClick={onAddFile}>
                    Add File
                  </Button>
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              m={0}
              p={0}
              aria-label="Source documents"
              style={{ listStyle: 'none' }}
            >
              {list.map((source) => (
                <li key={source.projectSourceId}>
                  <SourceCard
                    source={source}
                    uploadedBy={nameOf(source.createdByUserId)}
                    downloading={
                      download.isPending && download.variables?.projectSourceId === source.projectSourceId
                    }
                    onDownload={() => void downloadOriginal(source)}
                    onConfigureSheet={configureSheet?.(source)}
                    onConfigureDocument={
                      canEdit
                        ? () => setConfiguring({ kind: 'document', projectSourceId: source.projectSourceId })
                        : undefined
                    }
                    nameOf={sourceName}
                    onCompareVersion={() => setComparing(source.projectSourceId)}
                    onAcceptMatch={canEdit ? () => void acceptMatch(source) : undefined}
                    acceptingMatch={
                      compare.isPending && compare.variables?.projectSourceId === source.projectSourceId
                    }
                    newVersion={
                      canEdit ? <NewVersionButton projectId={projectId} source={source} /> : undefined
                    }
                  />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Modal>
      {comparing ? (
        <VersionDialog
          projectId={projectId}
          projectSourceId={comparing}
          opened
          canEdit={canEdit}
          onClose={() => setComparing(null)}
        />
      ) : null}
      {configuringSource && configuring?.kind === 'sheet' ? (
        <SheetConfigurationDialog
          projectId={projectId}
          source={configuringSource}
          sheetId={configuring.sheetId}
          onClose={() => setConfiguring(null)}
        />
      ) : null}
      {configuringSource && configuring?.kind === 'document' ? (
        <DocumentConfigurationDialog
          projectId={projectId}
          projectSourceId={configuringSource.projectSourceId}
          fileName={configuringSource.fileName}
          opened
          onClose={() => setConfiguring(null)}
        />
      ) : null}
    </>
  );
}
