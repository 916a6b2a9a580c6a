import type { InsightsFilter } from '@shared/schemas/insights';
import { api } from '@/lib/api-client';

/** POST /api/insights/export: starts a CSV export of every question matching the filter (QUEUED). */
export const startInsightsExport = (body: InsightsFilter, signal?: AbortSignal) =>
  api('startInsightsExport', { body, signal });
