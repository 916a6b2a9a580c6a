import { ChartTooltip, LineChart } from '@mantine/charts';
import { Box, Center, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ProjectDashboard } from '@shared/schemas/project';
import { IconChartLine } from '@tabler/icons-react';
import { useMemo } from 'react';
import { burndown, dayLabel, tickDays, yAxisTicks } from '@/features/projects/utils/burndown';
import { localDay, shortDay, toDay } from '@/features/projects/utils/calendar';
import { NO_PROGRESS } from '@/features/projects/utils/messages';
import { SectionCard } from './section-card';

const SERIES = [
  { name: 'remaining', label: 'Remaining', color: 'indigo.6' },
  { name: 'target', label: 'Target', color: 'gray.5', strokeDasharray: '6 4' },
];
/** Room for one x-axis label. */
const LABEL_WIDTH = 64;
const HEIGHT = 260;

/** 'Today · 5 Mar 2026', or the date alone on an ordinary day. */
function tooltipDay(day: string, days: Parameters<typeof dayLabel>[1]): string {
  const label = dayLabel(day, days);
  const date = shortDay(day, true);
  return date.startsWith(label) ? date : `${label} · ${date}`;
}

/**
 * Remaining questions (spec 001 §2): the target line from the total at creation to zero on the due
 * date, and the questions still open at the end of each day; labels Created, Today and Due Date
 * with at most about 21 dates between them, as many as the width allows.
 */
export function BurndownChart({ dashboard }: { dashboard: ProjectDashboard }) {
  const { ref, width } = useElementSize();
  const { project } = dashboard;
  const chart = useMemo(() => {
    const today = localDay(new Date());
    return burndown({
      created: toDay(project.createdAt) ?? today,
      due: toDay(project.dueOn) ?? today,
      today,
      completionProgress: dashboard.completionProgress,
      minimumProgress: dashboard.minimumProgress,
    });
  }, [project.createdAt, project.dueOn, dashboard.completionProgress, dashboard.minimumProgress]);
  const ticks = useMemo(
    () => tickDays(chart.rows, chart, Math.max(3, Math.floor((width || 600) / LABEL_WIDTH))),
    [chart, width],
  );
  const yTicks = useMemo(
    () => yAxisTicks(Math.max(0, ...chart.rows.flatMap((row) => [row.target ?? 0, row.remaining ?? 0]))),
    [chart],
  );
  const remainingNow = chart.rows.find((row) => row.day === chart.today)?.remaining;
  // A line of one point draws nothing: show the points while a series has fewer than two.
  const fewPoints = chart.rows.filter((row) => row.remaining !== null).length < 2;

  return (
    <SectionCard
      title="Remaining Questions"
      description="Questions still to complete each day, against the target for the due date"
      fill
    >
      {/* Measured whether or not there are questions yet: the chart appears live when the first arrives. */}
      <Box ref={ref}>
        {dashboard.totalQuestions === 0 ? (
          <Center h={HEIGHT}>
            <Stack align="center" gap="xs">
              <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
                <IconChartLine size={22} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {NO_PROGRESS}
              </Text>
            </Stack>
          </Center>
        ) : (
          <Box>
            <Group gap="lg" mb="xs">
              <Text size="sm">
                <Text span fw={700} fz="lg">
                  {remainingNow ?? dashboard.incompleteQuestions.quantity}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  remaining of {dashboard.totalQuestions}
                </Text>
              </Text>
            </Group>
            <LineChart
              h={HEIGHT}
              data={chart.rows}
              dataKey="day"
              series={SERIES}
              curveType="linear"
              connectNulls
              withDots={fewPoints}
              dotProps={{ r: 3, strokeWidth: 0 }}
              lineProps={(series) => (series.name === 'target' ? { dot: false } : {})}
              strokeWidth={2}
              withLegend
              legendProps={{ verticalAlign: 'top', height: 32 }}
              gridAxis="x"
              tickLine="none"
              yAxisProps={{ width: 40, ticks: yTicks, domain: [0, yTicks.at(-1) ?? 1], interval: 0 }}
              xAxisProps={{
                ticks,
                interval: 0,
                tickFormatter: (day: string) => dayLabel(day, chart),
                padding: { left: 8, right: 16 },
              }}
              referenceLines={[{ x: chart.today, color: 'indigo.2', strokeDasharray: '2 2' }]}
              tooltipAnimationDuration={100}
              tooltipProps={{
                content: ({ label, payload }) => (
                  <ChartTooltip
                    label={typeof label === 'string' ? tooltipDay(label, chart) : label}
                    payload={payload?.filter((item) => item.value !== null && item.value !== undefined)}
                    series={SERIES}
                  />
                ),
              }}
              aria-label="Remaining questions by day"
            />
          </Box>
        )}
      </Box>
    </SectionCard>
  );
}
