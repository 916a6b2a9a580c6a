import { Badge, Box, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { complianceText, type WordingLevels } from '@shared/compliance';
import type { Project } from '@shared/schemas/project';
import type { Classification } from '@shared/schemas/question';
import { IconShieldCheck } from '@tabler/icons-react';
import {
  classificationCounts,
  type TrustCentreQuestion,
  type TrustCentreSection,
} from '@/features/projects/utils/trust-centre-sections';
import { formatAddedDate, formatCalendarDate } from '@/lib/dates';
import classes from './trust-centre.module.css';

type Classified = Exclude<Classification, 'INCOMPLETE'>;

const CLASSIFICATION_ORDER: readonly Classified[] = [
  'COMPLIANT',
  'PARTIALLY-COMPLIANT',
  'NON-COMPLIANT',
  'NOT-APPLICABLE',
];

const CLASSIFICATION_COLORS: Record<Classified, string> = {
  COMPLIANT: 'teal',
  'PARTIALLY-COMPLIANT': 'yellow',
  'NON-COMPLIANT': 'red',
  'NOT-APPLICABLE': 'gray',
};

function ComplianceBadge({
  classification,
  wording,
}: {
  classification: Classification;
  wording: WordingLevels;
}) {
  if (classification === 'INCOMPLETE') return null;
  return (
    <Badge
      variant="light"
      color={CLASSIFICATION_COLORS[classification]}
      radius="sm"
      tt="none"
      size="md"
      style={{ flexShrink: 0 }}
      data-classification={classification}
    >
      {complianceText(classification, wording)}
    </Badge>
  );
}

function QuestionItem({ question, wording }: { question: TrustCentreQuestion; wording: WordingLevels }) {
  const answer = question.answer.trim();
  return (
    <Box component="article" className={classes.item} data-question-id={question.questionId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} miw={0} flex={1}>
          <Text fw={600} size="sm">
            {question.referenceNumber ? (
              <Text component="span" c="dimmed" size="xs" mr={8} className={classes.reference}>
                {question.referenceNumber}
              </Text>
            ) : null}
            {question.question}
          </Text>
          {answer ? (
            <Text size="sm" className={classes.answer}>
              {answer}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              No written answer
            </Text>
          )}
        </Stack>
        <ComplianceBadge classification={question.responseClassification} wording={wording} />
      </Group>
    </Box>
  );
}

export interface TrustCentreDocumentProps {
  project: Pick<Project, 'name' | 'dueOn'>;
  sections: TrustCentreSection[];
  wording: WordingLevels;
  /** When the page was prepared (ISO); printed at the foot. */
  preparedAt: string;
}

/**
 * The Trust Centre's printable document: the project, a summary by compliance status, and the
 * answered questions by section, each with its status in the project's own wording.
 */
export function TrustCentreDocument({ project, sections, wording, preparedAt }: TrustCentreDocumentProps) {
  const counts = classificationCounts(sections);
  const answered = sections.reduce((total, section) => total + section.questions.length, 0);
  return (
    <Paper component="article" withBorder radius="md" className={classes.document}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap="xs">
            <ThemeIcon variant="light" size="md" radius="sm">
              <IconShieldCheck size={18} />
            </ThemeIcon>
            <Text size="sm" fw={600} c="indigo.7" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              Trust Centre
            </Text>
          </Group>
          <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Title>
          <Group gap="lg" c="dimmed">
            <Text size="sm">
              Due date:{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {formatCalendarDate(project.dueOn)}
              </Text>
            </Text>
            <Text size="sm">
              Answered questions:{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {answered}
              </Text>
            </Text>
          </Group>
        </Stack>

        {answered > 0 ? (
          <Group gap="xs" aria-label="Summary by compliance status">
            {CLASSIFICATION_ORDER.filter((c) => counts[c]).map((c) => (
              <Badge
                key={c}
                variant="outline"
                color={CLASSIFICATION_COLORS[c]}
                radius="sm"
                tt="none"
                size="lg"
              >
                {complianceText(c, wording)}: {counts[c]}
              </Badge>
            ))}
          </Group>
        ) : null}

        <Divider />

        {sections.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No questions have been answered in this project yet.
          </Text>
        ) : (
          <Box>
            {sections.map((section) => (
              <Box
                component="section"
                key={section.title}
                className={classes.section}
                aria-label={section.title}
              >
                <Group justify="space-between" align="baseline" className={classes.sectionTitle}>
                  <Title order={2} size="h4">
                    {section.title}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {section.questions.length} {section.questions.length === 1 ? 'question' : 'questions'}
                  </Text>
                </Group>
                {section.questions.map((question) => (
                  <QuestionItem key={question.questionId} question={question} wording={wording} />
                ))}
              </Box>
            ))}
          </Box>
        )}

        <Divider />
        <Text size="xs" c="dimmed">
          A read-only copy of the answers as of {formatAddedDate(preparedAt)},{' '}
          {new Date(preparedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
        </Text>
      </Stack>
    </Paper>
  );
}
