/**
 * Team settings rules that need no stack (spec 002 §5): the company website check, the update
 * request's field rules and messages, and the redemption codes partners issue.
 */
import { describe, expect, it } from 'vitest';
import { REDEMPTION_CODES, redeem } from '../../functions/team/redemption';
import {
  isCompanyWebsite,
  TEAM_SETTINGS_MESSAGES,
  UpdateTeamSettingsRequest,
} from '../../shared/schemas/team';

describe('isCompanyWebsite', () => {
  it.each([
    'https://example.com',
    'http://example.com',
    'HTTPS://Example.COM',
    'https://www.example.com',
    'https://www.example.co.uk',
    'https://security.example.com/trust?tab=soc2#reports',
    'https://example.com:8443/',
    'https://my-company.io',
    '  https://example.com  ',
  ])('accepts %s', (value) => {
    expect(isCompanyWebsite(value)).toBe(true);
  });

  it.each([
    ['no scheme', 'example.com'],
    ['another scheme', 'ftp://example.com'],
    ['a script', 'javascript:alert(1)'],
    ['www with only two parts', 'https://www.example'],
    ['a single label', 'https://localhost'],
    ['the prefix alone', 'https://'],
    ['an empty label', 'https://example..com'],
    ['a trailing dot', 'https://example.com.'],
    ['a label starting with a hyphen', 'https://-example.com'],
    ['a label ending with a hyphen', 'https://example-.com'],
    ['credentials before the host', 'https://user@example.com'],
    ['a space in the host', 'https://exa mple.com'],
    ['an empty string', ''],
  ])('refuses %s', (_why, value) => {
    expect(isCompanyWebsite(value)).toBe(false);
  });
});

describe('UpdateTeamSettingsRequest', () => {
  const messagesOf = (body: unknown) => {
    const parsed = UpdateTeamSettingsRequest.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('takes any one field alone', () => {
    expect(UpdateTeamSettingsRequest.parse({ name: '  Acme Security ' })).toEqual({ name: 'Acme Security' });
    expect(UpdateTeamSettingsRequest.parse({ defaultAnswersToFlowToLibrary: false })).toEqual({
      defaultAnswersToFlowToLibrary: false,
    });
  });

  it('refuses short names, bad websites and codes that are not 4 characters, with the spec messages', () => {
    expect(messagesOf({ name: ' Acm ' })).toEqual([TEAM_SETTINGS_MESSAGES.name]);
    expect(messagesOf({ companyWebsite: 'https://www.example' })).toEqual([TEAM_SETTINGS_MESSAGES.website]);
    expect(messagesOf({ redemptionCode: 'DEMO1' })).toEqual([TEAM_SETTINGS_MESSAGES.redemptionCode]);
    expect(messagesOf({ redemptionCode: ' DEMO ' })).toEqual([]);
  });

  it('refuses an empty update and unknown fields', () => {
    expect(UpdateTeamSettingsRequest.safeParse({}).success).toBe(false);
    expect(UpdateTeamSettingsRequest.safeParse({ teamId: 'other-team' }).success).toBe(false);
    expect(UpdateTeamSettingsRequest.safeParse({ name: 'Acme Security', teamId: 'x' }).success).toBe(false);
  });
});

describe('redeem', () => {
  it('knows every code by its 4 upper-case characters', () => {
    for (const code of Object.keys(REDEMPTION_CODES)) expect(code).toMatch(/^[A-Z0-9]{4}$/);
  });

  it('names the partner, whatever the case and spacing, and stores the code upper-cased', () => {
    expect(redeem(' demo ')).toEqual({ redemptionCode: 'DEMO', redemptionPartner: 'Demo partner programme' });
  });

  it('knows nothing of other codes, nor of an object’s own properties', () => {
    expect(redeem('NOPE')).toBeNull();
    expect(redeem('__proto__')).toBeNull();
    expect(redeem('toString')).toBeNull();
  });
});
