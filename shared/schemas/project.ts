import * as z from 'zod';

export const PROJECT_PRIORITIES = ['LOW', 'NORMAL', 'HIGH'] as const;
export const PROJECT_STATUSES = ['IN-PROGRESS', 'COMPLETE'] as const;
export const ACCESS_VISIBILITIES = ['TEAM', 'PRIVATE'] as const;

/** A row of the home dashboard's Active Projects panel (spec 000 §2.9). */
export const DashboardProject = z.object({
  projectId: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  dueOn: z.string(),
  projectPriority: z.enum(PROJECT_PRIORITIES),
  createdAt: z.string(),
});
export type DashboardProject = z.infer<typeof DashboardProject>;
