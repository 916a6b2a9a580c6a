import { Group, Paper, Progress, SimpleGrid, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ProjectDashboard, StatusTile } from '@shared/schemas/project';
import {
  IconArrowRight,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleHalf2,
  IconCircleMinus,
  IconCircleX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { NO_QUESTIONNAIRE_ACCESS, noQuestionsTooltip } from '@/features/projects/utils/messages';
import { type QuestionFilter, questionnairePath } from '@/features/projects/utils/project-links';
import classes from './status-tiles.module.css';

type TileKey = 'incompleteQuestions' | 'notCompliant' | 'partiallyCompliant' | 'compliant' | 'notApplicable';

interface TileDefinition {
  key: TileKey;
  heading: string;
  status: QuestionFilter;
  color: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The five tiles of spec 001 §2, in order, with the compliance colours of the product. */
export const TILES: readonly TileDefinition[] = [
  {
    key: 'incompleteQuestions',
    heading: 'Incomplete',
    status: 'NOT-SPECIFIED',
    color: 'blue',
    icon: IconCircleDashed,
  },
  { key: 'notCompliant', heading: 'Not Compliant', status: 'NON-COMPLIANT', color: 'red', icon: IconCircleX },
  {
    key: 'partiallyCompliant',
    heading: 'Partially Compliant',
    status: 'PARTIALLY-COMPLIANT',
    color: 'orange',
    icon: IconCircleHalf2,
  },
  { key: 'compliant', heading: 'Compliant', status: 'COMPLIANT', color: 'teal', icon: IconCircleCheck },
  {
    key: 'notApplicable',
    heading: 'Not Applicable',
    status: 'NOT-APPLICABLE',
    color: 'gray',
    icon: IconCircleMinus,
  },
];

/** The share of the total, 0–100, rounded (worked out here, whatever unit the server's percentage uses). */
export const tilePercent = ({ quantity, total }: StatusTile): number =>
  total > 0 ? Math.round((quantity / total) * 100) : 0;

interface TileProps {
  definition: TileDefinition;
  tile: StatusTile;
  projectId: string;
  canView: boolean;
}

function Tile({ definition, tile, projectId, canView }: TileProps) {
  const { heading, color, icon: Icon, status } = definition;
  const percent = tilePercent(tile);
  const empty = tile.quantity === 0;
  const linked = canView && !empty;
  const tooltip = empty ? noQuestionsTooltip(heading) : canView ? null : NO_QUESTIONNAIRE_ACCESS;
  const label = `${heading}: ${tile.quantity} of ${tile.total} questions, ${percent}%`;

  const content = (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={500} c="dimmed" lh={1.3}>
          {heading}
        </Text>
        <ThemeIcon size={26} radius="xl" style={{ flexShrink: 0 }} variant="light" color={color} aria-hidden>
          <Icon size={16} stroke={1.8} />
        </ThemeIcon>
      </Group>
      <Group align="baseline" gap={6} mt={6} wrap="nowrap">
        <Text fz={28} fw={700} lh={1.1} c={empty ? 'dimmed' : undefined}>
          {tile.quantity}
        </Text>
        <Text size="sm" c="dimmed">
          of {tile.total}
        </Text>
      </Group>
      <Progress value={percent} color={color} size={6} radius="xl" mt="sm" aria-hidden />
      <Group justify="space-between" mt={8} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {percent}%
        </Text>
        {linked ? (
          <IconArrowRight size={14} className={classes.arrow} aria-hidden />
        ) : !empty ? (
          <Text size="xs" c="gray.5" aria-hidden>
            View
          </Text>
        ) : null}
      </Group>
    </>
  );

  const tileElement = linked ? (
    <Paper
      withBorder
      radius="md"
      p="md"
      component={Link}
      to={questionnairePath(projectId, status)}
      aria-label={label}
      className={`${classes.tile} ${classes.link}`}
    >
      {content}
    </Paper>
  ) : (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.tile}
      role="group"
      aria-label={label}
      aria-disabled={!empty && !canView ? true : undefined}
      tabIndex={tooltip ? 0 : undefined}
    >
      {content}
    </Paper>
  );

  return tooltip ? (
    <Tooltip label={tooltip} withArrow openDelay={150} events={{ hover: true, focus: true, touch: true }}>
      {tileElement}
    </Tooltip>
  ) : (
    tileElement
  );
}

export interface StatusTilesProps {
  dashboard: ProjectDashboard;
  /** ANSWER_QUESTION: the tiles link to question answering filtered by their status. */
  canView: boolean;
}

/** The five status tiles (spec 001 §2): quantity, total and percentage, each linking to its questions. */
export function StatusTiles({ dashboard, canView }: StatusTilesProps) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 5 }}
      spacing="md"
      component="section"
      aria-label="Question status"
    >
      {TILES.map((definition) => (
        <Tile
          key={definition.key}
          definition={definition}
          tile={dashboard[definition.key]}
          projectId={dashboard.project.projectId}
          canView={canView}
        />
      ))}
    </SimpleGrid>
  );
}
