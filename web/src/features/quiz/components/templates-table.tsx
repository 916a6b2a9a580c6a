import { Box, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { QuizTemplate } from '@shared/schemas/quiz';
import { IconPencil, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar';
import { plural } from '@/features/quiz/utils/invites';
import { fullDateTime, relativeTime } from '@/lib/dates';
import classes from './quiz.module.css';

export interface TemplatesTableProps {
  templates: readonly QuizTemplate[];
  /** Send Quiz to someone and Edit Quiz (CREATE_QUESTION). */
  canEdit: boolean;
}

const contents = (t: QuizTemplate) =>
  `${plural(t.sectionCount, 'section')} · ${plural(t.questionCount, 'question')}`;

/**
 * Quiz Templates (spec 002 §2.5): name and description, sections and questions, author, last
 * change, and Send Quiz to someone and Edit Quiz for members who may. A table from the sm
 * breakpoint, cards on a phone.
 */
export function TemplatesTable(props: TemplatesTableProps) {
  return (
    <>
      <Box visibleFrom="sm">
        <TemplateRows {...props} />
      </Box>
      <Box hiddenFrom="sm">
        <TemplateCards {...props} />
      </Box>
    </>
  );
}

/** A template's name and, when it has one, the first lines of its description. */
function TemplateTitle({ template }: { template: QuizTemplate }) {
  return (
    <>
      <Text size="sm" fw={600} className={classes.wrapText}>
        {template.quizName}
      </Text>
      {template.quizDescription ? (
        <Text size="xs" c="dimmed" lineClamp={2} className={classes.wrapText}>
          {template.quizDescription}
        </Text>
      ) : null}
    </>
  );
}

function TemplateActions({ template, align = 'end' }: { template: QuizTemplate; align?: 'start' | 'end' }) {
  return (
    <Group gap={6} justify={align === 'end' ? 'flex-end' : 'flex-start'} wrap="wrap">
      <Button
        component={Link}
        to={`/Quiz/${template.quizId}/Invite`}
        size="compact-sm"
        variant="light"
        leftSection={<IconSend size={14} />}
      >
        Send Quiz to someone
      </Button>
      <Button
        component={Link}
        to={`/Quiz/${template.quizId}/Edit`}
        size="compact-sm"
        variant="default"
        leftSection={<IconPencil size={14} />}
      >
        Edit Quiz
      </Button>
    </Group>
  );
}

/** On a phone: one card per template, its actions under it. */
function TemplateCards({ templates, canEdit }: TemplatesTableProps) {
  return (
    <Stack gap={0} component="ul" className={classes.cards} aria-label="Quiz Templates">
      {templates.map((template) => (
        <Stack
          key={template.quizId}
          component="li"
          gap={6}
          className={classes.card}
          data-quiz-id={template.quizId}
        >
          <TemplateTitle template={template} />
          <Text size="xs" c="dimmed">
            {contents(template)} · {template.createdByName} · updated {relativeTime(template.updatedAt)}
          </Text>
          {canEdit ? (
            <Box mt={2}>
              <TemplateActions template={template} align="start" />
            </Box>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

function TemplateRows({ templates, canEdit }: TemplatesTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table className={classes.table} verticalSpacing={12} highlightOnHover aria-label="Quiz Templates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quiz</Table.Th>
            <Table.Th>Contents</Table.Th>
            <Table.Th visibleFrom="md">Author</Table.Th>
            <Table.Th>Updated</Table.Th>
            {canEdit ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.quizId} data-quiz-id={template.quizId}>
              <Table.Td>
                <Stack gap={2} miw={0} maw={520}>
                  <TemplateTitle template={template} />
                </Stack>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text size="sm">{plural(template.questionCount, 'question')}</Text>
                <Text size="xs" c="dimmed">
                  {plural(template.sectionCount, 'section')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Group gap={8} wrap="nowrap">
                  <UserAvatar fullName={template.createdByName} photo={null} size={26} />
                  <Text size="sm" lineClamp={1}>
                    {template.createdByName}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <Tooltip label={fullDateTime(template.updatedAt)} withArrow openDelay={300}>
                  <Text size="sm" c="dimmed" span>
                    {relativeTime(template.updatedAt)}
                  </Text>
                </Tooltip>
              </Table.Td>
              {canEdit ? (
                <Table.Td>
                  <TemplateActions template={template} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
