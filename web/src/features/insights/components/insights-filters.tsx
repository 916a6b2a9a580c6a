import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { INSIGHT_CLASSIFICATIONS } from '@shared/schemas/insights';
import { IconCalendar, IconDownload, IconRestore, IconSearch } from '@tabler/icons-react';
import type { InsightClassification, InsightsFilterValues } from '@/features/insights/utils/filters';
import { COMPLIANCE_CHECKBOX_LABELS, type Option, PICKER_FORMAT } from '@/features/insights/utils/format';
import classes from './insights.module.css';

export interface InsightsFiltersProps {
  values: InsightsFilterValues;
  onChange: (values: InsightsFilterValues) => void;
  projects: Option[];
  industries: Option[];
  /** While the lists load, the dropdowns wait. */
  listsLoading: boolean;
  /** Why Search and Export cannot run (e.g. no status ticked), or null. */
  problem: string | null;
  searching: boolean;
  exporting: boolean;
  /** The export's progress, e.g. 'Preparing your CSV…'. */
  exportNote: string | null;
  onSearch: () => void;
  onReset: () => void;
  onExport: () => void;
}

const dateOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The Q&A filters (spec 002 §2.4, §5): Answered After and Answered Before (read-only pickers shown
 * DD MMMM YYYY, past dates allowed, each bounded by the other), the four Compliance Status boxes,
 * the Project and Industry dropdowns; Search, Reset and Export.
 */
/** What both answered-date pickers share. */
const DATE_PICKER: Partial<DatePickerInputProps> = {
  placeholder: 'Any date',
  valueFormat: PICKER_FORMAT,
  clearable: true,
  firstDayOfWeek: 1,
  weekendDays: [],
  leftSection: <IconCalendar size={16} />,
  leftSectionPointerEvents: 'none',
  popoverProps: { withinPortal: true },
};

export function InsightsFilters({
  values,
  onChange,
  projects,
  industries,
  listsLoading,
  problem,
  searching,
  exporting,
  exportNote,
  onSearch,
  onReset,
  onExport,
}: InsightsFiltersProps) {
  const set = <K extends keyof InsightsFilterValues>(key: K, value: InsightsFilterValues[K]) =>
    onChange({ ...values, [key]: value });

  return (
    <form
      className={classes.filters}
      aria-label="Search filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onSearch();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <DatePickerInput
            label="Answered After"
            value={values.answeredAfter}
            onChange={(next) => set('answeredAfter', dateOf(next))}
            maxDate={values.answeredBefore ?? undefined}
            {...DATE_PICKER}
          />
          <DatePickerInput
            label="Answered Before"
            value={values.answeredBefore}
            onChange={(next) => set('answeredBefore', dateOf(next))}
            minDate={values.answeredAfter ?? undefined}
            {...DATE_PICKER}
          />
          <Select
            label="Project"
            data={projects}
            value={values.projectId}
            onChange={(next) => next && set('projectId', next)}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No project by that name"
            maxDropdownHeight={304}
            disabled={listsLoading}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Industry"
            data={industries}
            value={values.industryVertical}
            onChange={(next) => next && set('industryVertical', next)}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No industry by that name"
            maxDropdownHeight={304}
            disabled={listsLoading}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>

        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Checkbox.Group
            label="Compliance Status"
            value={values.complianceStatuses}
            onChange={(next) =>
              set(
                'complianceStatuses',
                INSIGHT_CLASSIFICATIONS.filter((c) => next.includes(c)) as InsightClassification[],
              )
            }
            error={problem && !values.complianceStatuses.length ? problem : undefined}
          >
            <Group gap="lg" mt={8}>
              {INSIGHT_CLASSIFICATIONS.map((c) => (
                <Checkbox key={c} value={c} label={COMPLIANCE_CHECKBOX_LABELS[c]} />
              ))}
            </Group>
          </Checkbox.Group>

          <Group gap="sm" wrap="wrap" justify="flex-end">
            {exportNote ? (
              <Text size="sm" c="dimmed" role="status">
                {exportNote}
              </Text>
            ) : null}
            <Button variant="subtle" color="gray" leftSection={<IconRestore size={16} />} onClick={onReset}>
              Reset
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={onExport}
              loading={exporting}
              disabled={!!problem}
            >
              Export
            </Button>
            <Button
              type="submit"
              leftSection={<IconSearch size={16} />}
              loading={searching}
              disabled={!!problem}
            >
              Search
            </Button>
          </Group>
        </Group>
        {problem && values.complianceStatuses.length ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
