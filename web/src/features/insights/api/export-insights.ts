import type { InsightsExport, InsightsFilter } from '@shared/schemas/insights';
import { useMutation } from '@tanstack/react-query';
import { ExportFailedError, waitForExport } from '@/features/insights/utils/export-poll';
import { logAppError } from '@/lib/app-error';
import { downloadLink } from '@/lib/download';
import { getInsightsExport } from './get-insights-export';
import { startInsightsExport } from './start-insights-export';

export interface ExportInsightsInput {
  filter: InsightsFilter;
  /** Told each state of the job (QUEUED, RUNNING, DONE). */
  onState?: (state: InsightsExport) => void;
}

/**
 * Export (spec 002 §2.4, §7.8): start the job, poll it every second for up to a minute, then save
 * the CSV through its link (which already names the file). Resolves to the finished export.
 */
export async function exportInsights({ filter, onState }: ExportInsightsInput) {
  const started = await startInsightsExport(filter);
  let ready: Awaited<ReturnType<typeof waitForExport>>;
  try {
    ready = await waitForExport(started, getInsightsExport, { onState });
  } catch (error) {
    // A failed call is logged by the API client; a job that failed or never finished is logged here.
    if (error instanceof ExportFailedError) logAppError('exportInsights', error);
    throw error;
  }
  downloadLink(ready.url, ready.fileName);
  return ready;
}

export const useExportInsights = () => useMutation({ mutationFn: exportInsights });
