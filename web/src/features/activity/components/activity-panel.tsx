import { Alert, Box, Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { DashboardPanel } from '@/components/dashboard-panel';
import { useActivity } from '@/features/activity/api/get-activity';
import {
  type CellShade,
  cellShade,
  contributionsLabel,
  fillDays,
  HEAT_MAP_DAYS,
  localIsoDate,
  monthLabels,
  toWeeks,
} from '@/features/activity/utils/heat-map';
import { useErrorToast } from '@/hooks/use-error-toast';

export const ACTIVITY_ERROR = 'There was a problem retrieving your activity';

const GAP = 3;
/** The grid grows with the panel up to this width (cells of about 24 px). */
const MAX_WIDTH = 400;
const WEEKDAY_LABELS = ['', 'Mon', '', 'Wed', '', 'Fri', ''];

/** Empty days grey; days below level 1 a faint tint, distinct from empty; then levels 1–4. */
const SHADES: Record<CellShade, string> = {
  none: 'var(--mantine-color-gray-1)',
  0: 'var(--mantine-color-indigo-1)',
  1: 'var(--mantine-color-indigo-3)',
  2: 'var(--mantine-color-indigo-5)',
  3: 'var(--mantine-color-indigo-7)',
  4: 'var(--mantine-color-indigo-9)',
};

function Cell({ shade, label }: { shade: CellShade; label?: string }) {
  const box = (
    <Box
      role={label ? 'img' : undefined}
      aria-label={label}
      w="100%"
      style={{
        aspectRatio: '1 / 1',
        borderRadius: 3,
        background: label ? SHADES[shade] : 'transparent',
        outline: shade === 'none' && label ? '1px solid var(--mantine-color-gray-2)' : undefined,
        outlineOffset: -1,
      }}
    />
  );
  return label ? (
    <Tooltip label={label} withArrow openDelay={100} transitionProps={{ duration: 0 }}>
      {box}
    </Tooltip>
  ) : (
    box
  );
}

/** Your Activity: a 90-day heat map, one column per week (spec 000 §2.9, §9). */
export function ActivityPanel() {
  const query = useActivity(HEAT_MAP_DAYS);
  useErrorToast(query.isError, query.errorUpdatedAt, ACTIVITY_ERROR);

  const heatMap = useMemo(() => {
    if (!query.data) return null;
    // End with today, or with the server's latest day if its calendar is ahead of this one.
    const end = [localIsoDate(new Date()), ...query.data.map((entry) => entry.date)].sort().at(-1) as string;
    const days = fillDays(query.data, end, HEAT_MAP_DAYS);
    const weeks = toWeeks(days);
    const total = days.reduce((sum, day) => sum + day.count, 0);
    return { weeks, months: monthLabels(weeks), total };
  }, [query.data]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="lg" role="status" aria-label="Loading activity">
        <Loader size="sm" />
      </Center>
    );
  } else if (query.isError || !heatMap) {
    body = (
      <Alert color="red" variant="light">
        {ACTIVITY_ERROR}
      </Alert>
    );
  } else {
    const columns = `28px repeat(${heatMap.weeks.length}, minmax(8px, 1fr))`;
    body = (
      <Box>
        <Box
          role="group"
          aria-label={`Contributions over the last ${HEAT_MAP_DAYS} days`}
          maw={MAX_WIDTH}
          style={{ display: 'grid', gridTemplateColumns: columns, gap: GAP, alignItems: 'center' }}
        >
          <Box />
          {heatMap.months.map((month, index) => (
            <Text
              key={`m${index}`}
              size="10px"
              c="dimmed"
              lh={1.4}
              style={{ whiteSpace: 'nowrap', overflow: 'visible', width: 0 }}
            >
              {month ?? ''}
            </Text>
          ))}
          {WEEKDAY_LABELS.map((weekday, row) => (
            <Box key={`r${row}`} style={{ display: 'contents' }}>
              <Text size="10px" c="dimmed" lh={1}>
                {weekday}
              </Text>
              {heatMap.weeks.map((week, column) => {
                const day = week[row];
                return (
                  <Cell
                    key={day?.date ?? `empty-${column}-${row}`}
                    shade={day ? cellShade(day.count) : 'none'}
                    label={day ? contributionsLabel(day) : undefined}
                  />
                );
              })}
            </Box>
          ))}
        </Box>
        <Group justify="space-between" mt="sm" gap="xs" maw={MAX_WIDTH}>
          <Text size="xs" c="dimmed">
            {`${heatMap.total} ${heatMap.total === 1 ? 'contribution' : 'contributions'} in the last ${HEAT_MAP_DAYS} days`}
          </Text>
          <Group gap={4} aria-hidden>
            <Text size="xs" c="dimmed">
              Less
            </Text>
            {(['none', 0, 1, 2, 3, 4] as const).map((shade) => (
              <Box key={shade} w={10} h={10} style={{ borderRadius: 2, background: SHADES[shade] }} />
            ))}
            <Text size="xs" c="dimmed">
              More
            </Text>
          </Group>
        </Group>
      </Box>
    );
  }

  return <DashboardPanel title="Your Activity">{body}</DashboardPanel>;
}
