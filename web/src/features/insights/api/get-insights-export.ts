import { api } from '@/lib/api-client';

/** GET /api/insights/export/{exportId}: an export's state, and when DONE a short-lived link to the file. */
export const getInsightsExport = (exportId: string, signal?: AbortSignal) =>
  api('getInsightsExport', { params: { exportId }, signal });
