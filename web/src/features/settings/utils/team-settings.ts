/**
 * The Team settings form (spec 002 §2.7, §5, §7.6) as pure functions: what it holds, which fields
 * changed against the saved team, which of those are invalid, and the update that sends only them.
 */

import type { ReviewCycle } from '@shared/schemas/review';
import {
  isCompanyWebsite,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  TEAM_SETTINGS_MESSAGES,
  type TeamSettings,
  type UpdateTeamSettingsRequest,
} from '@shared/schemas/team';
import type * as z from 'zod';

export type TeamSettingsUpdate = z.input<typeof UpdateTeamSettingsRequest>;

/** The website field starts with this when the team has none (spec 002 §2.7). */
export const WEBSITE_PREFIX = 'https://';
export const NAME_MIN = 4;
export const TEXT_MAX = 256;
export const REDEMPTION_CODE_LENGTH = 4;

export interface TeamFormValues {
  name: string;
  companyWebsite: string;
  redemptionCode: string;
  importedAnswersRequireReview: boolean;
  defaultAnswersToFlowToLibrary: boolean;
  /** Months between reviews of library answers; null: no cycle. */
  libraryReviewCycle: ReviewCycle;
}

export type TeamFormField = keyof TeamFormValues;
export type TeamFormErrors = Partial<Record<TeamFormField, string>>;

/** The form's values for the saved team: the website prefix when none, the code field empty. */
export function formValuesOf(saved: TeamSettings): TeamFormValues {
  return {
    name: saved.name,
    companyWebsite: saved.companyWebsite ?? WEBSITE_PREFIX,
    redemptionCode: '',
    importedAnswersRequireReview: saved.importedAnswersRequireReview,
    defaultAnswersToFlowToLibrary: saved.defaultAnswersToFlowToLibrary,
    libraryReviewCycle: saved.libraryReviewCycle,
  };
}

/** A website field holding nothing but a scheme (or nothing) names no website. */
const isBlankWebsite = (value: string) => /^(https?:\/\/)?$/i.test(value.trim());

/**
 * The update the form asks for: only the fields that differ from the saved team (spec 002 §7.6),
 * trimmed; the website prefix alone and an empty code are no change. Validity is not checked here.
 */
export function changesOf(values: TeamFormValues, saved: TeamSettings): TeamSettingsUpdate {
  const update: TeamSettingsUpdate = {};
  const name = values.name.trim();
  if (name !== saved.name) update.name = name;
  const website = values.companyWebsite.trim();
  if (saved.companyWebsite === null ? !isBlankWebsite(website) : website !== saved.companyWebsite)
    update.companyWebsite = website;
  const code = values.redemptionCode.trim();
  if (saved.redemptionCode === null && code) update.redemptionCode = code;
  if (values.importedAnswersRequireReview !== saved.importedAnswersRequireReview)
    update.importedAnswersRequireReview = values.importedAnswersRequireReview;
  if (values.defaultAnswersToFlowToLibrary !== saved.defaultAnswersToFlowToLibrary)
    update.defaultAnswersToFlowToLibrary = values.defaultAnswersToFlowToLibrary;
  if (values.libraryReviewCycle !== saved.libraryReviewCycle)
    update.libraryReviewCycle = values.libraryReviewCycle;
  return update;
}

/**
 * The problems of the changed fields (spec 002 §5): company name at least 4 characters; website
 * http:// or https:// and a dotted host; redemption code exactly 4 characters. An unchanged field
 * is never in the way (a team named at sign-up with 3 characters can still change its website).
 */
export function errorsOf(values: TeamFormValues, saved: TeamSettings): TeamFormErrors {
  const changes = changesOf(values, saved);
  const errors: TeamFormErrors = {};
  if (changes.name !== undefined && (changes.name.length < NAME_MIN || changes.name.length > TEXT_MAX))
    errors.name = TEAM_SETTINGS_MESSAGES.name;
  if (
    changes.companyWebsite !== undefined &&
    (changes.companyWebsite.length > TEXT_MAX || !isCompanyWebsite(changes.companyWebsite))
  )
    errors.companyWebsite = TEAM_SETTINGS_MESSAGES.website;
  if (changes.redemptionCode !== undefined && changes.redemptionCode.length !== REDEMPTION_CODE_LENGTH)
    errors.redemptionCode = TEAM_SETTINGS_MESSAGES.redemptionCode;
  return errors;
}

/** Save is enabled only when something changed and every field is valid (spec 002 §2.7). */
export function canSaveTeamSettings(
  values: TeamFormValues,
  saved: TeamSettings,
  logo: { chosen: boolean; problem: string | null } = { chosen: false, problem: null },
): boolean {
  if (logo.problem) return false;
  const changed = Object.keys(changesOf(values, saved)).length > 0 || logo.chosen;
  return changed && Object.keys(errorsOf(values, saved)).length === 0;
}

/** What the logo picker offers: the raster images the server takes. */
export const LOGO_ACCEPT = LOGO_TYPES.join(',');

/** Why a chosen file cannot be the team logo (a PNG, JPEG, GIF or WebP image of at most 1 MB), or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return TEAM_SETTINGS_MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return TEAM_SETTINGS_MESSAGES.logoTooLarge;
  return null;
}

/** The name sent with the logo upload: at most 255 characters, keeping the end (the extension). */
export function logoFileName(file: { name: string }): string {
  const name = file.name.trim() || 'logo';
  return name.length > 255 ? name.slice(-255) : name;
}
