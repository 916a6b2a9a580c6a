import * as z from 'zod';
import {
  ComplianceOverrides,
  CreateProjectRequest,
  DashboardProject,
  ListProjectsQuery,
  Project,
  ProjectAccess,
  ProjectDashboard,
  ProjectMember,
  ProjectPage,
  UnassignProjectRequest,
  UpdateProjectAccessRequest,
  UpdateProjectRequest,
} from '../schemas/project';
import { route, routeGroup } from './route';

/**
 * Projects: the list, create, the record and its dashboard, sharing and compliance wording. Every
 * route answers 404 for a PRIVATE project the caller is not on (never 403), like a missing one.
 */
export const projects = routeGroup(
  'projects',
  // Member photos on the project team are shown through presigned GETs.
  { table: 'readwrite', uploads: 'read' },
  {
    getDashboardProjects: route({
      method: 'GET',
      path: '/api/dashboard/projects',
      auth: 'user',
      team: true,
      summary: 'Open projects the caller can see, soonest due first (the home Active Projects panel)',
      response: DashboardProject.array(),
    }),
    listProjects: route({
      method: 'GET',
      path: '/api/projects',
      auth: 'user',
      team: true,
      summary: 'One page (8) of the open or closed projects the caller can see',
      query: ListProjectsQuery,
      response: ProjectPage,
    }),
    createProject: route({
      method: 'POST',
      path: '/api/projects/create',
      auth: 'user',
      permission: 'USER_PERMISSION_CREATE_PROJECT',
      summary: 'Create a project (due in two weeks unless a due date is given)',
      body: CreateProjectRequest,
      response: Project,
    }),
    getProject: route({
      method: 'GET',
      path: '/api/projects/{projectId}',
      auth: 'user',
      team: true,
      summary: 'One project',
      response: Project,
    }),
    getProjectDashboard: route({
      method: 'GET',
      path: '/api/projects/{projectId}/dashboard',
      auth: 'user',
      team: true,
      summary: 'The project with its tiles, burndown, contributions and assignments (one batch read)',
      response: ProjectDashboard,
    }),
    updateProject: route({
      method: 'POST',
      path: '/api/projects/{projectId}/update',
      auth: 'user',
      team: true,
      summary:
        'Change one field (or the portal link and notes, the outcome and its reason, or the business contact); managers need their assign permission, other fields USER_PERMISSION_CREATE_PROJECT',
      body: UpdateProjectRequest,
      response: Project,
    }),
    unassignProject: route({
      method: 'POST',
      path: '/api/projects/{projectId}/unassign',
      auth: 'user',
      team: true,
      summary: 'Remove the sales or delivery manager (only if it is still the named user)',
      body: UnassignProjectRequest,
      response: Project,
    }),
    getProjectTeam: route({
      method: 'GET',
      path: '/api/projects/{projectId}/team',
      auth: 'user',
      team: true,
      summary: 'Members who can see the project (everyone for TEAM, the list for PRIVATE)',
      response: ProjectMember.array(),
    }),
    getProjectAccess: route({
      method: 'GET',
      path: '/api/projects/{projectId}/access/team',
      auth: 'user',
      team: true,
      summary: 'Visibility of the project and, when PRIVATE, who it is shared with',
      response: ProjectAccess,
    }),
    updateProjectAccess: route({
      method: 'POST',
      path: '/api/projects/{projectId}/access/team/update',
      auth: 'user',
      permission: 'USER_PERMISSION_CREATE_PROJECT',
      summary:
        'Make the project TEAM or PRIVATE to a list of members (the creator and the caller stay on it)',
      body: UpdateProjectAccessRequest,
      response: ProjectAccess,
    }),
    getComplianceOverrides: route({
      method: 'GET',
      path: '/api/projects/{projectId}/compliance',
      auth: 'user',
      team: true,
      summary: 'Custom compliance wording keyed by level (the projectId for the project level)',
      response: ComplianceOverrides,
    }),
    updateComplianceOverrides: route({
      method: 'POST',
      path: '/api/projects/{projectId}/compliance/update',
      auth: 'user',
      permission: 'USER_PERMISSION_CREATE_PROJECT',
      summary:
        'Set the compliance wording of the project, its files or its sheets (each key given is replaced)',
      body: z.strictObject({ overrides: ComplianceOverrides, version: z.number().int().optional() }),
      response: ComplianceOverrides,
    }),
  },
);
