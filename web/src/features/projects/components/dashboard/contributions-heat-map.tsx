import { Heatmap } from '@mantine/charts';
import { Box, Group, ScrollArea, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ProjectDashboard } from '@shared/schemas/project';
import { useMemo } from 'react';
import { daysBetween, localDay, toDay } from '@/features/projects/utils/calendar';
import {
  contributionsLabel,
  HEAT_LEVELS,
  heatMapData,
  heatMapRange,
} from '@/features/projects/utils/heat-map';
import classes from './contributions-heat-map.module.css';
import { SectionCard } from './section-card';

/** Level 0 (no contributions) grey, then four greens. */
const COLORS = [
  'var(--mantine-color-gray-2)',
  'var(--mantine-color-teal-2)',
  'var(--mantine-color-teal-4)',
  'var(--mantine-color-teal-6)',
  'var(--mantine-color-teal-8)',
];
const WEEKDAYS_WIDTH = 30;
const GAP = 3;

/**
 * Daily contributions (spec 001 §2): a calendar heat map with five levels, from the project's
 * creation to two months after its last activity or one month after its due date, whichever is
 * later. Days still to come are drawn faintly. The cells grow with the card.
 */
export function ContributionsHeatMap({ dashboard }: { dashboard: ProjectDashboard }) {
  const { ref, width } = useElementSize();
  const { project, projectActivity } = dashboard;
  const map = useMemo(() => {
    const today = localDay(new Date());
    const range = heatMapRange({
      created: toDay(project.createdAt) ?? today,
      due: toDay(project.dueOn) ?? today,
      today,
      activity: projectActivity,
    });
    const data = heatMapData(projectActivity, range, today);
    return { range, data, weeks: Math.ceil((daysBetween(range.start, range.end) + 8) / 7) };
  }, [project.createdAt, project.dueOn, projectActivity]);
  const available = (width || 320) - WEEKDAYS_WIDTH;
  const rectSize = Math.max(9, Math.min(20, Math.floor(available / map.weeks) - GAP));

  return (
    <SectionCard
      title="Daily Contributions"
      description={`${map.data.total} ${map.data.total === 1 ? 'contribution' : 'contributions'} so far`}
      fill
    >
      <Box ref={ref}>
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
          <Heatmap
            data={map.data.levels}
            domain={[0, HEAT_LEVELS - 1]}
            colors={COLORS}
            startDate={map.range.start}
            endDate={map.range.end}
            withMonthLabels
            withWeekdayLabels
            weekdayLabels={['', 'Mon', '', 'Wed', '', 'Fri', '']}
            firstDayOfWeek={0}
            withOutsideDates={false}
            rectSize={rectSize}
            gap={GAP}
            rectRadius={3}
            fontSize={11}
            weekdaysLabelsWidth={WEEKDAYS_WIDTH}
            withTooltip
            getTooltipLabel={({ date, value }) =>
              value === null ? null : contributionsLabel(date, map.data.counts[date] ?? 0)
            }
            getRectProps={({ date, value }) => ({
              'aria-label': value === null ? undefined : contributionsLabel(date, map.data.counts[date] ?? 0),
            })}
            className={classes.map}
            aria-label="Contributions per day"
          />
        </ScrollArea>
        <Group justify="flex-end" gap={4} mt="xs" aria-hidden>
          <Text size="xs" c="dimmed" mr={2}>
            Less
          </Text>
          {COLORS.map((color) => (
            <Box key={color} w={10} h={10} style={{ borderRadius: 2, background: color }} />
          ))}
          <Text size="xs" c="dimmed" ml={2}>
            More
          </Text>
        </Group>
      </Box>
    </SectionCard>
  );
}
