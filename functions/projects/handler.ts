import { createGroupHandler } from '../common/http';
import { dashboardProjects } from './service';

export const handler = createGroupHandler('projects', {
  getDashboardProjects: async ({ caller }) => dashboardProjects(caller),
});
