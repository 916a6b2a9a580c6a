/**
 * PROJECT_UPDATED goes to the project's scope (its open dashboard and questions) and to the screens
 * that list projects: the team scope for a TEAM project, each member's user scope for a PRIVATE
 * one, so people who cannot see a project never hear of it. Given the images before and after a
 * change, everyone who could see the project before or after hears of it.
 */
import type { EventScope } from '../../shared/events';
import { publish } from './events';

export interface ProjectAudience {
  teamId: string;
  projectId: string;
  accessVisibility?: string;
  memberUserIds?: string[];
}

function scopesOf(project: ProjectAudience): EventScope[] {
  if (project.accessVisibility === 'PRIVATE') {
    return (project.memberUserIds ?? []).map((id) => ({ kind: 'user', id }));
  }
  return [{ kind: 'team', id: project.teamId }];
}

export async function publishProjectUpdated(
  images: Array<ProjectAudience | undefined>,
  sessionId?: string | null,
) {
  const present = images.filter((p): p is ProjectAudience => Boolean(p));
  if (!present.length) return;
  const { projectId } = present[0];
  const scopes = new Map<string, EventScope>([[`project#${projectId}`, { kind: 'project', id: projectId }]]);
  for (const scope of present.flatMap(scopesOf)) scopes.set(`${scope.kind}#${scope.id}`, scope);
  await Promise.all(
    [...scopes.values()].map((scope) =>
      publish({ eventName: 'PROJECT_UPDATED', data: { projectId }, scope }, { sessionId }),
    ),
  );
}
