import { projects as projectsRoutes } from '../../shared/routes/projects';
import { createGroupHandler } from '../common/http';
import { projectAccess, projectTeam, updateProjectAccess } from './access';
import { complianceOverrides, updateComplianceOverrides } from './compliance';
import { projectDashboard } from './dashboard';
import {
  createProject,
  dashboardProjects,
  getProject,
  listProjects,
  unassignProject,
  updateProject,
} from './projects';

export const handler = createGroupHandler(projectsRoutes, {
  getDashboardProjects: async ({ caller }) => dashboardProjects(caller),
  listProjects: async ({ caller, query }) => listProjects(caller, query),
  createProject: async ({ caller, body, sessionId }) => createProject(caller, body, sessionId),
  getProject: async ({ caller, params }) => getProject(caller, params.projectId),
  getProjectDashboard: async ({ caller, params }) => projectDashboard(caller, params.projectId),
  updateProject: async ({ caller, params, body, sessionId }) =>
    updateProject(caller, params.projectId, body, sessionId),
  unassignProject: async ({ caller, params, body, sessionId }) =>
    unassignProject(caller, params.projectId, body, sessionId),
  getProjectTeam: async ({ caller, params }) => projectTeam(caller, params.projectId),
  getProjectAccess: async ({ caller, params }) => projectAccess(caller, params.projectId),
  updateProjectAccess: async ({ caller, params, body, sessionId }) =>
    updateProjectAccess(caller, params.projectId, body, sessionId),
  getComplianceOverrides: async ({ caller, params }) => complianceOverrides(caller, params.projectId),
  updateComplianceOverrides: async ({ caller, params, body, sessionId }) =>
    updateComplianceOverrides(caller, params.projectId, body, sessionId),
});
