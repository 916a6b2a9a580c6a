import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '../../shared/schemas/user';
import { emailSettingsOf } from './user-settings';

describe('emailSettingsOf', () => {
  it('answers the defaults for a user who never saved settings, or no user at all', () => {
    expect(emailSettingsOf({})).toEqual(DEFAULT_USER_SETTINGS);
    expect(emailSettingsOf({ settings: null })).toEqual(DEFAULT_USER_SETTINGS);
    expect(emailSettingsOf(null)).toEqual(DEFAULT_USER_SETTINGS);
    expect(emailSettingsOf(undefined)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('takes each saved switch over its default and keeps the defaults of the others', () => {
    expect(
      emailSettingsOf({ settings: { sendEmailOnProjectAssigned: false, sendEmailOnProjectCreated: true } }),
    ).toEqual({
      sendEmailOnProjectAssigned: false,
      sendEmailOnQuestionAssigned: true,
      sendEmailOnBeingMentioned: true,
      sendEmailOnBeingRepliedTo: true,
      sendEmailOnProjectCreated: true,
      sendEmailOnLibraryReviewDue: true,
    });
  });

  it('ignores anything stored that is not one of the five switches or not a boolean', () => {
    const settings = { sendEmailOnBeingMentioned: 'no', somethingElse: true } as never;
    expect(emailSettingsOf({ settings })).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('never changes the defaults it starts from', () => {
    emailSettingsOf({ settings: { sendEmailOnQuestionAssigned: false } });
    expect(DEFAULT_USER_SETTINGS.sendEmailOnQuestionAssigned).toBe(true);
  });
});
