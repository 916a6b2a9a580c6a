/**
 * Which resource a tag route names, and whether the caller may see it. A resourceId is a generated
 * id without its kind, so each taggable kind has a resolver: it answers the resource when the id is
 * one of its kind that the caller may see, and NotFoundError otherwise. Answers of the library add
 * a resolver here (and their kind to TAGGABLE_KINDS) with the permission their tags need.
 */
import type { PermissionKey } from '../../shared/permissions';
import type { TeamCaller } from '../common/caller';
import { NotFoundError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import type { ResourceRef } from './repo';
import type { TaggableKind } from './resource-kinds';

export interface TaggableResource extends ResourceRef {
  /** What adding or removing its tags needs (reading needs only team membership). */
  writePermission: PermissionKey;
  /** How a message names it ("A project can …"). */
  noun: string;
}

type Resolver = (caller: TeamCaller, resourceId: string) => Promise<TaggableResource>;

const resolvers: Record<TaggableKind, Resolver> = {
  /** One GetItem; a PRIVATE project the caller is not on is not found. */
  PROJECT: async (caller, resourceId) => {
    const project = await visibleProject(caller, resourceId);
    return {
      teamId: project.teamId,
      resourceKind: 'PROJECT',
      resourceId: project.projectId,
      writePermission: 'USER_PERMISSION_CREATE_PROJECT',
      noun: 'project',
    };
  },
};

/**
 * The caller's team's resource with this id, of whichever kind it is; the first kind's NotFoundError
 * when none has it (another team's resources are never found: every lookup is in the caller's team).
 */
export async function resolveResource(caller: TeamCaller, resourceId: string): Promise<TaggableResource> {
  let notFound: NotFoundError | undefined;
  for (const resolve of Object.values(resolvers)) {
    try {
      return await resolve(caller, resourceId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      notFound ??= error;
    }
  }
  throw notFound ?? new NotFoundError();
}
