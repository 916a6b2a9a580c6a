/** The project list (spec 000 §2.1). */
export const PROJECTS_PATH = '/Projects';
/** The project list with the create dialog open. */
export const CREATE_PROJECT_PATH = '/Projects/Create';

/** A project's dashboard: /Projects/{projectId} (app/router.tsx). */
export const projectDashboardPath = (projectId: string) =>
  `${PROJECTS_PATH}/${encodeURIComponent(projectId)}`;

/** A project's dashboard with the welcome dialog open (after Create Project). */
export const projectWelcomePath = (projectId: string) => `${projectDashboardPath(projectId)}/welcome`;

/** Question answering from its start (questionId `start`, spec 001 §2). */
export const projectQuestionnairePath = (projectId: string) => `${projectDashboardPath(projectId)}/start`;

/**
 * The project's Trust Centre: a read-only, printable page outside the app chrome, opened in a new
 * tab from the dashboard's Manage Project menu.
 */
export const trustCentrePath = (projectId: string) => `${projectDashboardPath(projectId)}/trust-centre`;
