/** The project list (spec 000 §2.1). */
export const PROJECTS_PATH = '/Projects';
/** The project list with the create dialog open. */
export const CREATE_PROJECT_PATH = '/Projects/Create';

/** A project's dashboard: /Projects/{projectId} (app/router.tsx). */
export const projectDashboardPath = (projectId: string) =>
  `${PROJECTS_PATH}/${encodeURIComponent(projectId)}`;
