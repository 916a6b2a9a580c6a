import { DashboardProject } from '../schemas/project';
import { route, routeGroup } from './route';

export const projects = routeGroup(
  'projects',
  { table: 'readwrite' },
  {
    getDashboardProjects: route({
      method: 'GET',
      path: '/api/dashboard/projects',
      auth: 'user',
      team: true,
      summary: 'Open projects the caller can see, soonest due first (the home Active Projects panel)',
      response: DashboardProject.array(),
    }),
  },
);
