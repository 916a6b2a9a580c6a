import {
  LOGO_MAX_BYTES,
  TEAM_SETTINGS_MESSAGES,
  type TeamSettings,
  UpdateTeamSettingsRequest,
} from '@shared/schemas/team';
import { describe, expect, it } from 'vitest';
import {
  canSaveTeamSettings,
  changesOf,
  errorsOf,
  formValuesOf,
  logoFileName,
  logoFileProblem,
  type TeamFormValues,
  WEBSITE_PREFIX,
} from './team-settings';

const saved: TeamSettings = {
  teamId: 'team_1',
  name: 'Kestrel Cloud',
  companyWebsite: null,
  teamLogo: null,
  redemptionCode: null,
  redemptionPartner: null,
  importedAnswersRequireReview: false,
  defaultAnswersToFlowToLibrary: false,
  libraryReviewCycle: null,
};
const form = (change: Partial<TeamFormValues> = {}, from: TeamSettings = saved) => ({
  ...formValuesOf(from),
  ...change,
});

describe('the review cycle', () => {
  it('sends the cycle only when it changed, none as null', () => {
    expect(changesOf(form({ libraryReviewCycle: 6 }), saved)).toEqual({ libraryReviewCycle: 6 });
    expect(changesOf(form(), saved)).toEqual({});
    expect(changesOf(form({ libraryReviewCycle: null }), { ...saved, libraryReviewCycle: 12 })).toEqual({
      libraryReviewCycle: null,
    });
  });
});

describe('formValuesOf', () => {
  it("starts the website with 'https://' when the team has none, and the code empty", () => {
    expect(formValuesOf(saved)).toEqual({
      name: 'Kestrel Cloud',
      companyWebsite: WEBSITE_PREFIX,
      redemptionCode: '',
      importedAnswersRequireReview: false,
      defaultAnswersToFlowToLibrary: false,
      libraryReviewCycle: null,
    });
    expect(formValuesOf({ ...saved, companyWebsite: 'https://kestrel.example.com' }).companyWebsite).toBe(
      'https://kestrel.example.com',
    );
  });
});

describe('changesOf', () => {
  it('is empty for the saved values (the website prefix alone is no website)', () => {
    expect(changesOf(form(), saved)).toEqual({});
    expect(changesOf(form({ companyWebsite: '' }), saved)).toEqual({});
    expect(changesOf(form({ companyWebsite: ' http:// ' }), saved)).toEqual({});
    expect(changesOf(form({ name: ' Kestrel Cloud ' }), saved)).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    const changes = changesOf(
      form({
        name: ' Kestrel Cloud Security ',
        companyWebsite: 'https://kestrel.example.com ',
        redemptionCode: ' demo ',
        defaultAnswersToFlowToLibrary: true,
      }),
      saved,
    );
    expect(changes).toEqual({
      name: 'Kestrel Cloud Security',
      companyWebsite: 'https://kestrel.example.com',
      redemptionCode: 'demo',
      defaultAnswersToFlowToLibrary: true,
    });
    expect(UpdateTeamSettingsRequest.safeParse(changes).success).toBe(true);
  });

  it('sends a switch turned off again', () => {
    const on = { ...saved, importedAnswersRequireReview: true };
    expect(changesOf(form({ importedAnswersRequireReview: false }, on), on)).toEqual({
      importedAnswersRequireReview: false,
    });
  });

  it('never sends a code once one is redeemed', () => {
    const redeemed = { ...saved, redemptionCode: 'DEMO', redemptionPartner: 'Demo partner programme' };
    expect(changesOf(form({ redemptionCode: 'AUDT' }, redeemed), redeemed)).toEqual({});
  });

  it('counts a cleared website as a change when one was saved', () => {
    const withSite = { ...saved, companyWebsite: 'https://kestrel.example.com' };
    expect(changesOf(form({ companyWebsite: '' }, withSite), withSite)).toEqual({ companyWebsite: '' });
  });
});

describe('errorsOf', () => {
  it('checks the company name (at least 4 characters)', () => {
    expect(errorsOf(form({ name: ' Kes ' }), saved)).toEqual({ name: TEAM_SETTINGS_MESSAGES.name });
    expect(errorsOf(form({ name: 'Kest' }), saved)).toEqual({});
  });

  it('checks the website: http or https and a dotted host (www needs three parts)', () => {
    for (const bad of ['https://www.example', 'ftp://example.com', 'example.com', 'https://localhost'])
      expect(errorsOf(form({ companyWebsite: bad }), saved), bad).toEqual({
        companyWebsite: TEAM_SETTINGS_MESSAGES.website,
      });
    for (const good of ['https://example.com', 'http://www.kestrel.example', 'https://www.kestrel.co.uk/'])
      expect(errorsOf(form({ companyWebsite: good }), saved), good).toEqual({});
  });

  it('checks the redemption code (exactly 4 characters, trimmed)', () => {
    expect(errorsOf(form({ redemptionCode: 'DEMO1' }), saved)).toEqual({
      redemptionCode: TEAM_SETTINGS_MESSAGES.redemptionCode,
    });
    expect(errorsOf(form({ redemptionCode: ' DEM ' }), saved)).toEqual({
      redemptionCode: TEAM_SETTINGS_MESSAGES.redemptionCode,
    });
    expect(errorsOf(form({ redemptionCode: ' DEMO ' }), saved)).toEqual({});
  });

  it('leaves an unchanged field alone (a 3-character name from sign-up)', () => {
    const short = { ...saved, name: 'Kes' };
    expect(errorsOf(form({ companyWebsite: 'https://kes.example' }, short), short)).toEqual({});
  });
});

describe('canSaveTeamSettings', () => {
  it('needs a change and every field valid', () => {
    expect(canSaveTeamSettings(form(), saved)).toBe(false);
    expect(canSaveTeamSettings(form({ importedAnswersRequireReview: true }), saved)).toBe(true);
    expect(canSaveTeamSettings(form({ importedAnswersRequireReview: true, name: 'Ke' }), saved)).toBe(false);
  });

  it('counts a chosen logo as a change, unless the file is refused', () => {
    expect(canSaveTeamSettings(form(), saved, { chosen: true, problem: null })).toBe(true);
    expect(
      canSaveTeamSettings(form(), saved, { chosen: true, problem: TEAM_SETTINGS_MESSAGES.logoTooLarge }),
    ).toBe(false);
  });
});

describe('logoFileProblem', () => {
  it('takes a raster image of up to 1 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('alerts a larger image with the exact text', () => {
    expect(logoFileProblem({ type: 'image/jpeg', size: LOGO_MAX_BYTES + 1 })).toBe(
      'That file is too large, please choose a smaller image. We allow up to 1MB.',
    );
  });

  it('refuses SVG and anything not an image', () => {
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(TEAM_SETTINGS_MESSAGES.logoType);
    expect(logoFileProblem({ type: 'application/pdf', size: 10 })).toBe(TEAM_SETTINGS_MESSAGES.logoType);
  });
});

describe('logoFileName', () => {
  it('keeps short names and the end of long ones', () => {
    expect(logoFileName({ name: 'logo.png' })).toBe('logo.png');
    expect(logoFileName({ name: ' ' })).toBe('logo');
    const long = `${'a'.repeat(300)}.png`;
    expect(logoFileName({ name: long })).toHaveLength(255);
    expect(logoFileName({ name: long }).endsWith('.png')).toBe(true);
  });
});
