/**
 * Whether a source can be given a new version (issue 27 part 1): the checks shared by an upload
 * started as a new version (createSource) and a plain upload made one (compareSourceVersion).
 */
import { SOURCE_VERSION_MESSAGES as MESSAGES } from '../../../shared/schemas/source';
import type { TeamCaller } from '../../common/caller';
import type { SourceItem } from '../../common/entities';
import { BadRequestError, ConflictError, NotFoundError } from '../../common/errors';
import * as repo from '../repo';

export const PENDING: ReadonlyArray<SourceItem['versionState']> = ['COMPARING', 'REVIEW', 'APPLYING'];

/** Why `previous` cannot be given a new version of this format, or null. */
export async function previousProblem(previous: SourceItem | null, format: string, exceptId?: string) {
  if (!previous || previous.deletedAt) return { status: 404, message: MESSAGES.previousGone };
  if (previous.fileFormat !== format) return { status: 400, message: MESSAGES.formatDiffers };
  if (previous.status !== 'READY') return { status: 409, message: MESSAGES.previousNotReady };
  if (previous.replacedBySourceId) return { status: 409, message: MESSAGES.replaced };
  if (PENDING.includes(previous.versionState)) return { status: 409, message: MESSAGES.inReview };
  const { sources } = await repo.sourcesOf({ teamId: previous.teamId, projectId: previous.projectId });
  const newer = sources.find(
    (s) =>
      s.previousSourceId === previous.projectSourceId &&
      s.projectSourceId !== exceptId &&
      !s.deletedAt &&
      s.status !== 'FAILED' &&
      PENDING.includes(s.versionState),
  );
  return newer ? { status: 409, message: MESSAGES.alreadyNewer } : null;
}

export function refuse(problem: { status: number; message: string }, field: string): never {
  if (problem.status === 404) throw new NotFoundError(problem.message);
  if (problem.status === 409) throw new ConflictError(problem.message);
  throw new BadRequestError('Invalid request body', { [field]: [problem.message] });
}

/** createSource's check of `previousSourceId`: the fields a new version's source starts with. */
export async function newVersionFields(
  caller: TeamCaller,
  projectId: string,
  previousSourceId: string,
  format: string,
) {
  const previous = await repo.getSource({
    teamId: caller.user.teamId,
    projectId,
    projectSourceId: previousSourceId,
  });
  const problem = await previousProblem(previous, format);
  if (problem) refuse(problem, 'previousSourceId');
  return { previousSourceId, versionState: 'COMPARING' as const };
}
