import { Alert, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { INSIGHTS_MESSAGES, type InsightsExport, type InsightsFilter } from '@shared/schemas/insights';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { useExportInsights } from '@/features/insights/api/export-insights';
import { useInsightIndustries } from '@/features/insights/api/list-insight-industries';
import { useInsightProjects } from '@/features/insights/api/list-insight-projects';
import { useInsightsSearch } from '@/features/insights/api/search-insights';
import classes from '@/features/insights/components/insights.module.css';
import { InsightsFilters } from '@/features/insights/components/insights-filters';
import { InsightsTable, NoQuestions } from '@/features/insights/components/insights-table';
import {
  defaultFilters,
  filtersProblem,
  type InsightsFilterValues,
  toInsightsRequest,
} from '@/features/insights/utils/filters';
import { industryOptions, projectOptions, resultSummary } from '@/features/insights/utils/format';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

const sameFilter = (a: InsightsFilter, b: InsightsFilter) => JSON.stringify(a) === JSON.stringify(b);

const exportNoteOf = (state: InsightsExport | null) =>
  state?.status === 'RUNNING' ? 'Writing your CSV…' : 'Preparing your CSV…';

/**
 * /Insights (spec 002 §2.4, §5, §7.4, §8): the Q&A tab. Every answered question the caller may see,
 * searched by answered date, compliance, project and industry; at most 100 are shown, newest first,
 * and Export saves every match as a CSV (a job, polled until its file is ready). The project and
 * industry lists are fetched together when the screen opens; the defaults are searched at once.
 */
export default function InsightsRoute() {
  const permissions = usePermissions();
  const allowed = permissions.data?.VIEW_INSIGHTS === true;
  const [filters, setFilters] = useState<InsightsFilterValues>(defaultFilters);
  const [searched, setSearched] = useState<InsightsFilter>(() => toInsightsRequest(defaultFilters()));
  const [exportState, setExportState] = useState<InsightsExport | null>(null);

  const projects = useInsightProjects({ enabled: allowed });
  const industries = useInsightIndustries({ enabled: allowed });
  const search = useInsightsSearch(searched, { enabled: allowed });
  const exporter = useExportInsights();

  const listsFailed = projects.isError || industries.isError;
  useErrorToast(
    listsFailed,
    Math.max(projects.errorUpdatedAt, industries.errorUpdatedAt),
    INSIGHTS_MESSAGES.lists,
  );
  useErrorToast(search.isError, search.errorUpdatedAt, INSIGHTS_MESSAGES.search);

  const projectChoices = useMemo(() => projectOptions(projects.data ?? []), [projects.data]);
  const industryChoices = useMemo(() => industryOptions(industries.data ?? []), [industries.data]);
  const problem = filtersProblem(filters);

  const runSearch = (values: InsightsFilterValues) => {
    const body = toInsightsRequest(values);
    if (sameFilter(body, searched)) void search.refetch();
    else setSearched(body);
  };

  const reset = () => {
    const defaults = defaultFilters();
    setFilters(defaults);
    runSearch(defaults);
  };

  const runExport = () => {
    if (problem || exporter.isPending) return;
    setExportState(null);
    exporter.mutate(
      { filter: toInsightsRequest(filters), onState: setExportState },
      {
        onError: () => notifyError(INSIGHTS_MESSAGES.export),
        onSettled: () => setExportState(null),
      },
    );
  };

  if (permissions.data && !allowed)
    return (
      <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1440}>
        <PageTitle title="Insights" />
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} maw={640}>
          Insights are available to members with the View Insights permission. Ask a team administrator if you
          need them.
        </Alert>
      </Stack>
    );

  const results = search.data?.results ?? [];
  const body = () => {
    if (search.isError && !search.data)
      return (
        <Alert color="red" variant="light" m="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{INSIGHTS_MESSAGES.search}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void search.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      );
    if (search.isPending)
      return (
        <Center p="xl" role="status" aria-label="Searching">
          <Loader size="sm" />
        </Center>
      );
    if (results.length === 0) return <NoQuestions />;
    return (
      <>
        <InsightsTable results={results} stale={search.isFetching} />
        <Text
          className={classes.footer}
          size="sm"
          c={search.data?.capped ? 'orange.8' : 'dimmed'}
          role="status"
          data-testid="insights-summary"
        >
          {resultSummary(results.length, search.data?.capped === true)}
        </Text>
      </>
    );
  };

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1440}>
      <Stack gap={2}>
        <PageTitle title="Insights" />
        <Text size="sm" c="dimmed">
          How your team has answered questionnaires: every answered question across your projects.
        </Text>
      </Stack>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Tabs value="qa" keepMounted={false}>
          <Tabs.List className={classes.tabs}>
            <Tabs.Tab value="qa">Q&amp;A</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="qa">
            <InsightsFilters
              values={filters}
              onChange={setFilters}
              projects={projectChoices}
              industries={industryChoices}
              listsLoading={projects.isPending || industries.isPending}
              problem={problem}
              searching={search.isFetching}
              exporting={exporter.isPending}
              exportNote={exporter.isPending ? exportNoteOf(exportState) : null}
              onSearch={() => runSearch(filters)}
              onReset={reset}
              onExport={runExport}
            />
            {body()}
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
