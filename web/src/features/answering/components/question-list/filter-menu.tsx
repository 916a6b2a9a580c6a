import { Badge, Button, Checkbox, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { FILTER_GROUPS, type FilterKey } from '@/features/answering/utils/question-filters';

export interface FilterMenuProps {
  value: readonly FilterKey[];
  onChange: (keys: FilterKey[]) => void;
}

/**
 * The filter menu (spec 002 §9): the twelve keys in four groups, and Evidence expired. Keys of a
 * group widen the list (OR); the groups narrow it (AND) — the footnote says so.
 */
export function FilterMenu({ value, onChange }: FilterMenuProps) {
  const toggle = (key: FilterKey, on: boolean) =>
    onChange(on ? [...value, key] : value.filter((k) => k !== key));
  return (
    <Popover position="bottom-end" shadow="md" width={272} withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant={value.length > 0 ? 'light' : 'default'}
          size="xs"
          px={10}
          leftSection={<IconAdjustmentsHorizontal size={15} />}
          rightSection={
            value.length > 0 ? (
              <Badge size="xs" circle variant="filled" data-testid="filter-count">
                {value.length}
              </Badge>
            ) : undefined
          }
          aria-label={value.length > 0 ? `Filter (${value.length} on)` : 'Filter'}
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="filter-menu">
        <Stack gap={0} py={6}>
          {FILTER_GROUPS.map((group, i) => (
            <Stack key={group.group} gap={6} px="sm" pt={i === 0 ? 4 : 10} pb={4}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
                {group.label}
              </Text>
              {group.keys.map(({ key, label }) => (
                <Checkbox
                  key={key}
                  size="xs"
                  label={label}
                  checked={value.includes(key)}
                  onChange={(e) => toggle(key, e.currentTarget.checked)}
                  data-filter-key={key}
                />
              ))}
            </Stack>
          ))}
        </Stack>
        <Divider />
        <Group justify="space-between" px="sm" py={8} wrap="nowrap">
          <Text size="xs" c="dimmed" lh={1.3}>
            Any within a group, all across groups
          </Text>
          <UnstyledButton
            style={{ whiteSpace: 'nowrap' }}
            fz="xs"
            c={value.length > 0 ? 'indigo.7' : 'dimmed'}
            fw={500}
            disabled={value.length === 0}
            onClick={() => onChange([])}
          >
            Clear all
          </UnstyledButton>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
