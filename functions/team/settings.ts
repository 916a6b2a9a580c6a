/**
 * Team settings and API access (spec 002 §2.7, §2.8, §7.6): the team's name, website, logo,
 * redemption code and library flags, and the key of the public analytics API. Every route here
 * needs UPDATE_TEAM (the route table says so, the pipeline enforces it) and acts on the caller's
 * own team only.
 */

import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { reviewCycleOf } from '../../shared/review-days';
import { TEAM_LIBRARY_DEFAULTS } from '../../shared/schemas/answer';
import {
  type ApiAccess,
  type GeneratedApiKey,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  TEAM_SETTINGS_MESSAGES,
  type TeamSettings,
  type UpdateTeamSettingsRequest,
} from '../../shared/schemas/team';
import { clientIdOf, newApiKey } from '../common/api-keys';
import type { TeamCaller } from '../common/caller';
import type { TeamItem } from '../common/entities';
import { NotFoundError, UnprocessableError } from '../common/errors';
import { logger } from '../common/logger';
import { deleteUpload, presignDownload } from '../common/storage';
import { acceptUpload, isStagingKeyOf, startUpload, type UploadRule } from '../common/uploads';
import { redeem } from './redemption';
import * as repo from './repo';

/** Raster images only: an SVG (or HTML) can carry script, so it is refused whatever it claims. */
const LOGO_RULE: UploadRule = {
  maxBytes: LOGO_MAX_BYTES,
  types: LOGO_TYPES,
  tooLarge: TEAM_SETTINGS_MESSAGES.logoTooLarge,
  wrongType: TEAM_SETTINGS_MESSAGES.logoType,
};
const logoStaging = (teamId: string) => `teams/${teamId}/logo`;
const logoKey = (teamId: string) => `teams/${teamId}/logo/${randomUUID()}`;

async function toSettings(team: TeamItem): Promise<TeamSettings> {
  return {
    teamId: team.teamId,
    name: team.name,
    companyWebsite: team.companyWebsite ?? null,
    // The stored value is an object key; the browser gets a short-lived URL to it.
    teamLogo: team.teamLogoKey ? await presignDownload(team.teamLogoKey) : null,
    redemptionCode: team.redemptionCode ?? null,
    redemptionPartner: team.redemptionPartner ?? null,
    importedAnswersRequireReview:
      team.importedAnswersRequireReview ?? TEAM_LIBRARY_DEFAULTS.importedAnswersRequireReview,
    defaultAnswersToFlowToLibrary:
      team.defaultAnswersToFlowToLibrary ?? TEAM_LIBRARY_DEFAULTS.defaultAnswersToFlowToLibrary,
    libraryReviewCycle: reviewCycleOf(team.libraryReviewCycleMonths),
  };
}

async function requireTeamItem(teamId: string) {
  const team = await repo.getTeam(teamId);
  if (!team) throw new NotFoundError('Team not found');
  return team;
}

export async function getTeamSettings(caller: TeamCaller): Promise<TeamSettings> {
  return toSettings(await requireTeamItem(caller.user.teamId));
}

/**
 * Changes only the settings sent, in one write. A redemption code must be one a partner issued and
 * is accepted once (422 otherwise, with the spec's message). A logo is the staged upload that
 * requestLogoUpload named for this team: its bytes must prove a raster image (422 otherwise)
 * before it is moved to its final key; the logo it replaces is deleted.
 */
export async function updateTeamSettings(
  caller: TeamCaller,
  body: z.output<typeof UpdateTeamSettingsRequest>,
): Promise<TeamSettings> {
  const teamId = caller.user.teamId;
  const current = await requireTeamItem(teamId);
  const redemption = body.redemptionCode === undefined ? undefined : redeem(body.redemptionCode);
  if (redemption === null || (redemption && current.redemptionCode)) {
    throw new UnprocessableError(TEAM_SETTINGS_MESSAGES.redemptionCode);
  }
  let teamLogoKey: string | undefined;
  if (body.teamLogo !== undefined) {
    // Only a key this team was given; anything else is simply not an upload of ours.
    if (!isStagingKeyOf(body.teamLogo, logoStaging(teamId))) throw new NotFoundError('Upload not found');
    teamLogoKey = (await acceptUpload(body.teamLogo, logoKey(teamId), LOGO_RULE)).key;
  }
  const updated = await repo.updateTeamSettings(teamId, {
    name: body.name,
    companyWebsite: body.companyWebsite,
    importedAnswersRequireReview: body.importedAnswersRequireReview,
    defaultAnswersToFlowToLibrary: body.defaultAnswersToFlowToLibrary,
    libraryReviewCycleMonths:
      body.libraryReviewCycle === undefined ? undefined : (body.libraryReviewCycle ?? 0),
    teamLogoKey,
    ...redemption,
  });
  if (!updated) {
    // A code redeemed concurrently (or the team gone): nothing was written, the new logo is unused.
    if (teamLogoKey) await deleteQuietly(teamLogoKey);
    if (redemption) throw new UnprocessableError(TEAM_SETTINGS_MESSAGES.redemptionCode);
    throw new NotFoundError('Team not found');
  }
  if (teamLogoKey && current.teamLogoKey && current.teamLogoKey !== teamLogoKey) {
    await deleteQuietly(current.teamLogoKey);
  }
  return toSettings(updated as TeamItem);
}

/** A presigned POST for a logo; the staged key it names is what the settings update takes. */
export async function requestLogoUpload(caller: TeamCaller, contentType: string) {
  const { key, upload } = await startUpload(logoStaging(caller.user.teamId), contentType, LOGO_RULE);
  return { upload, uploadUrl: upload.url, teamLogo: key };
}

/** The client id and the start of the key; the key itself is never shown again after generation. */
export async function getApiAccess(caller: TeamCaller): Promise<z.output<typeof ApiAccess>> {
  const teamId = caller.user.teamId;
  const key = await repo.getApiKey(teamId);
  return {
    teamId,
    clientId: clientIdOf(teamId),
    apiKeyPrefix: key?.keyPrefix ?? null,
    createdAt: key?.createdAt ?? null,
  };
}

/**
 * A new key replaces the team's previous one (which fails on its very next call). Only its hash and
 * prefix are stored; the key is in this response and nowhere else.
 */
export async function generateApiKey(caller: TeamCaller): Promise<z.output<typeof GeneratedApiKey>> {
  const teamId = caller.user.teamId;
  const { apiKey, keyHash, keyPrefix } = newApiKey();
  const createdAt = new Date().toISOString();
  await repo.putApiKey({ teamId, keyHash, keyPrefix, createdByUserId: caller.user.userId, createdAt });
  logger.info('api key generated', { teamId, keyPrefix });
  return { teamId, clientId: clientIdOf(teamId), apiKeyPrefix: keyPrefix, createdAt, apiKey };
}

/** The team no longer points at the object; failing to delete it must not fail the request. */
async function deleteQuietly(key: string) {
  try {
    await deleteUpload(key);
  } catch (error) {
    logger.warn('could not delete an unused team logo', { key, error: (error as Error).message });
  }
}
