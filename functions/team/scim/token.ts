/** Settings → Integrations: the team's SCIM token, generated (shown once), shown by its start, revoked. */
import { SCIM_BASE_PATH, type ScimAccess } from '../../../shared/schemas/scim';
import type { TeamCaller } from '../../common/caller';
import { logger } from '../../common/logger';
import { newScimToken } from '../../common/scim-tokens';
import * as repo from '../repo';

export async function getScimAccess(caller: TeamCaller): Promise<ScimAccess> {
  const token = await repo.getScimToken(caller.user.teamId);
  return {
    basePath: SCIM_BASE_PATH,
    tokenPrefix: token?.tokenPrefix ?? null,
    createdAt: token?.createdAt ?? null,
  };
}

/** A new token replaces the previous one (which fails on its very next request); only its hash is kept. */
export async function generateScimToken(caller: TeamCaller) {
  const teamId = caller.user.teamId;
  const { token, tokenHash, tokenPrefix } = newScimToken(teamId);
  const createdAt = new Date().toISOString();
  await repo.putScimToken({ teamId, tokenHash, tokenPrefix, createdByUserId: caller.user.userId, createdAt });
  logger.info('scim token generated', { teamId, tokenPrefix });
  return { basePath: SCIM_BASE_PATH, tokenPrefix, createdAt, token };
}

export async function revokeScimToken(caller: TeamCaller): Promise<ScimAccess> {
  await repo.deleteScimToken(caller.user.teamId);
  logger.info('scim token revoked', { teamId: caller.user.teamId });
  return { basePath: SCIM_BASE_PATH, tokenPrefix: null, createdAt: null };
}
