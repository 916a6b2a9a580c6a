/** Custom compliance wording at project level (the import issue adds source and sheet levels). */
import type { ComplianceOverrides } from '../../shared/schemas/project';
import type { TeamCaller } from '../common/caller';
import type { ProjectItem } from '../common/entities';
import { BadRequestError } from '../common/errors';
import { sessionMark } from '../common/events';
import { visibleProject } from '../common/project-access';
import * as repo from './repo';

const overridesOf = (project: ProjectItem): ComplianceOverrides =>
  project.complianceWording ? { [project.projectId]: project.complianceWording } : {};

export async function complianceOverrides(caller: TeamCaller, projectId: string) {
  return overridesOf(await visibleProject(caller, projectId));
}

/** Empty texts are dropped, so they fall back to the next level. */
const withoutBlanks = (wording: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(wording).filter(([, text]) => text?.trim()));

export async function updateComplianceOverrides(
  caller: TeamCaller,
  projectId: string,
  body: { overrides: ComplianceOverrides; version?: number },
  sessionId: string | null,
) {
  const current = await visibleProject(caller, projectId);
  const levels = Object.keys(body.overrides);
  if (levels.some((level) => level !== projectId)) {
    throw new BadRequestError('Invalid request body', {
      overrides: ['Wording can be set for this project only'],
    });
  }
  const updated = await repo.updateProject(
    current,
    {
      complianceWording: withoutBlanks(body.overrides[projectId] ?? {}),
      updatedByUserId: caller.user.userId,
      changedBySession: sessionMark(sessionId),
    },
    [],
    body.version,
  );
  return overridesOf(updated);
}
