import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { SheetSummary, Source } from '@shared/schemas/source';
import {
  IconAlertTriangle,
  IconDownload,
  IconEyeOff,
  IconFileText,
  IconGitCompare,
  IconTable,
} from '@tabler/icons-react';
import { fullDateTime, relativeTime } from '@/lib/dates';
import { FORMAT_LABEL, FormatIcon, fileSize, StatusBadge } from './source-visuals';

const questionsText = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

function InclusionBadge({
  configured,
  isLinked,
  applying,
}: {
  configured: boolean;
  isLinked: boolean;
  applying?: boolean;
}) {
  if (applying)
    return (
      <Badge
        variant="light"
        color="yellow"
        size="sm"
        leftSection={<Loader size={8} color="yellow" />}
        style={{ flexShrink: 0 }}
      >
        Creating questions…
      </Badge>
    );
  if (!configured)
    return (
      <Badge variant="outline" color="orange" size="sm" style={{ flexShrink: 0 }}>
        Not configured
      </Badge>
    );
  return isLinked ? (
    <Badge variant="light" color="indigo" size="sm" style={{ flexShrink: 0 }}>
      Included
    </Badge>
  ) : (
    <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
      Not included
    </Badge>
  );
}

interface PartRowProps {
  icon: React.ReactNode;
  name: string;
  hidden?: boolean;
  questionCount: number;
  configured: boolean;
  isLinked: boolean;
  applying?: boolean;
  /** Why the questions of the last large save stopped being created. */
  applyError?: string;
  onConfigure?: () => void;
}

/** One sheet (or the document) of a source: name, markers, its questions and Configure. */
function PartRow({
  icon,
  name,
  hidden,
  questionCount,
  configured,
  isLinked,
  applying,
  applyError,
  onConfigure,
}: PartRowProps) {
  return (
    <Group
      component="li"
      wrap="wrap"
      gap="xs"
      px="sm"
      py={8}
      aria-label={name}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 180px', minWidth: 0 }}>
        {icon}
        <Text size="sm" fw={500} truncate="end" title={name}>
          {name}
        </Text>
        {hidden ? (
          <Tooltip label="This sheet is hidden in the file" withArrow>
            <Badge
              variant="light"
              color="gray"
              size="xs"
              leftSection={<IconEyeOff size={10} />}
              style={{ flexShrink: 0 }}
            >
              Hidden
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap" ml="auto">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {questionsText(questionCount)}
        </Text>
        {applyError ? (
          <Tooltip label={applyError} withArrow multiline w={260}>
            <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" aria-label={applyError} />
          </Tooltip>
        ) : null}
        <InclusionBadge configured={configured} isLinked={isLinked} applying={applying} />
        {onConfigure ? (
          <Button size="compact-sm" variant="light" onClick={onConfigure} aria-label={`Configure ${name}`}>
            Configure
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

export interface SourceCardProps {
  source: Source;
  uploadedBy: string;
  onDownload: () => void;
  downloading: boolean;
  /** Opens the sheet configuration (absent without CREATE_QUESTION). */
  onConfigureSheet?: (sheet: SheetSummary) => void;
  onConfigureDocument?: () => void;
  /** The names of the other sources this one is a version of, is offered as one of, or was replaced by. */
  nameOf: (projectSourceId: string | undefined) => string;
  /** Opens Compare with previous version (a new version). */
  onCompareVersion: () => void;
  /** Treats this plain upload as the new version of the source it matches (absent without CREATE_QUESTION). */
  onAcceptMatch?: () => void;
  acceptingMatch?: boolean;
  /** "Upload a new version" (absent without CREATE_QUESTION). */
  newVersion?: React.ReactNode;
}

const PENDING_VERSION = ['COMPARING', 'REVIEW', 'APPLYING'];

/** Where a new version of a questionnaire stands, on its card: offered, compared, under review, applied. */
function VersionPanel({
  source,
  nameOf,
  onCompareVersion,
  onAcceptMatch,
  acceptingMatch,
}: Pick<SourceCardProps, 'source' | 'nameOf' | 'onCompareVersion' | 'onAcceptMatch' | 'acceptingMatch'>) {
  const previous = nameOf(source.previousSourceId);
  if (source.replacedBySourceId)
    return (
      <Text size="xs" c="dimmed" px="sm" pb="sm">
        Replaced by {nameOf(source.replacedBySourceId)}: its questions moved to the newer file.
      </Text>
    );
  if (source.matchesSourceId && !source.versionState)
    return (
      <Alert color="blue" variant="light" mx="sm" mb="sm" py={8} icon={<IconGitCompare size={16} />}>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 240px' }}>
            This file looks like a new version of {nameOf(source.matchesSourceId)}. Compare them to carry the
            answers over instead of creating every question again.
          </Text>
          {onAcceptMatch ? (
            <Button size="compact-sm" variant="light" onClick={onAcceptMatch} loading={acceptingMatch}>
              Compare as a new version
            </Button>
          ) : null}
        </Group>
      </Alert>
    );
  if (source.versionState === 'COMPARING' || source.versionState === 'APPLYING')
    return (
      <Group gap="xs" px="sm" pb="sm" role="status">
        <Loader size={12} />
        <Text size="xs" c="dimmed">
          {source.versionState === 'COMPARING'
            ? `Comparing with ${previous}…`
            : 'Applying the new version: carrying the answers over…'}
        </Text>
      </Group>
    );
  if (source.versionState === 'REVIEW')
    return (
      <Alert
        color={source.versionError ? 'red' : 'blue'}
        variant="light"
        mx="sm"
        mb="sm"
        py={8}
        icon={<IconGitCompare size={16} />}
        title={`New version of ${previous}`}
      >
        <Group gap="sm" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 240px' }}>
            {source.versionError ??
              'Review what changed, then apply it: answers carry over, and nothing changes until you do.'}
          </Text>
          <Button size="compact-sm" onClick={onCompareVersion}>
            Review changes
          </Button>
        </Group>
      </Alert>
    );
  if (source.versionState === 'APPLIED')
    return (
      <Group gap="xs" px="sm" pb="sm" wrap="wrap">
        <Text size="xs" c="dimmed">
          New version of {previous}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onCompareVersion}>
          Compare with previous version
        </Button>
      </Group>
    );
  return null;
}

/** A source file in Question Sources: its format, size, who uploaded it and when, its state and its parts. */
export function SourceCard({
  source,
  uploadedBy,
  onDownload,
  downloading,
  onConfigureSheet,
  onConfigureDocument,
  nameOf,
  onCompareVersion,
  onAcceptMatch,
  acceptingMatch,
  newVersion,
}: SourceCardProps) {
  const ready = source.status === 'READY';
  // A version under review takes its configuration from the previous file; a replaced one is done.
  const configurable = !source.replacedBySourceId && !PENDING_VERSION.includes(source.versionState ?? '');
  const total =
    source.fileFormat === 'docx'
      ? (source.document?.questionCount ?? 0)
      : source.sheets.reduce((sum, s) => sum + s.questionCount, 0);
  const meta = [fileSize(source.sizeBytes), `Uploaded by ${uploadedBy}`].filter(Boolean).join(' · ');
  return (
    <Paper
      withBorder
      radius="md"
      component="article"
      aria-label={source.fileName}
      style={{ overflow: 'hidden' }}
    >
      <Group wrap="nowrap" gap="sm" p="sm" align="flex-start">
        <FormatIcon format={source.fileFormat} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" truncate="end" title={source.fileName}>
              {source.fileName}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {meta} · <span title={fullDateTime(source.createdAt)}>{relativeTime(source.createdAt)}</span>
          </Text>
          <Group gap={6} mt={4}>
            <StatusBadge status={source.status} />
            {ready ? (
              <Text size="xs" c="dimmed">
                {source.macroEnabled ? 'Excel macro workbook' : FORMAT_LABEL[source.fileFormat]} ·{' '}
                {questionsText(total)}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Tooltip label="Download original" withArrow>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconDownload size={14} />}
            onClick={onDownload}
            loading={downloading}
            disabled={source.status === 'UPLOADING'}
            aria-label={`Download original ${source.fileName}`}
            visibleFrom="sm"
          >
            Download original
          </Button>
        </Tooltip>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          onClick={onDownload}
          loading={downloading}
          disabled={source.status === 'UPLOADING'}
          aria-label={`Download original ${source.fileName}`}
          hiddenFrom="sm"
          px={6}
        >
          <IconDownload size={16} />
        </Button>
      </Group>

      {source.status === 'PROCESSING' || source.status === 'UPLOADING' ? (
        <Text size="xs" c="dimmed" px="sm" pb="sm">
          We are reading the file. It will be ready to configure in a moment.
        </Text>
      ) : null}
      {source.status === 'FAILED' ? (
        <Alert
          color="red"
          variant="light"
          mx="sm"
          mb="sm"
          py={8}
          icon={<IconAlertTriangle size={16} />}
          title="We could not read this file"
        >
          <Text size="sm">
            {source.failureReason ??
              'Please check the file is a supported format and can be opened on your computer.'}
          </Text>
        </Alert>
      ) : null}

      {ready ? (
        <VersionPanel
          source={source}
          nameOf={nameOf}
          onCompareVersion={onCompareVersion}
          onAcceptMatch={onAcceptMatch}
          acceptingMatch={acceptingMatch}
        />
      ) : null}

      {ready && source.fileFormat !== 'docx' ? (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Sheets">
          {[...source.sheets]
            .sort((a, b) => a.sheetIndex - b.sheetIndex)
            .map((sheet) => (
              <PartRow
                key={sheet.sheetId}
                icon={<IconTable size={16} color="var(--mantine-color-gray-6)" aria-hidden />}
                name={sheet.sheetName}
                hidden={sheet.hidden}
                questionCount={sheet.questionCount}
                configured={sheet.configured}
                isLinked={sheet.isLinked}
                applying={sheet.applying}
                applyError={sheet.applyError}
                onConfigure={onConfigureSheet && configurable ? () => onConfigureSheet(sheet) : undefined}
              />
            ))}
        </Stack>
      ) : null}
      {ready && source.fileFormat === 'docx' && source.document ? (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Document">
          <PartRow
            icon={<IconFileText size={16} color="var(--mantine-color-gray-6)" aria-hidden />}
            name="Document"
            questionCount={source.document.questionCount}
            configured={source.document.configured}
            isLinked={source.document.isLinked}
            onConfigure={configurable ? onConfigureDocument : undefined}
          />
        </Stack>
      ) : null}
      {ready && newVersion && configurable && total > 0 ? (
        <Group
          px="sm"
          py={8}
          justify="flex-end"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          {newVersion}
        </Group>
      ) : null}
    </Paper>
  );
}
