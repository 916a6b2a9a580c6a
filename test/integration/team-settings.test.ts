/**
 * Team settings and API access through the local gateway (spec 002 §2.7, §2.8, §5, §7.6, §8): the
 * settings read with their defaults, updates that change only what was sent, the name and website
 * rules, a redemption code redeemed once, the logo uploaded through the one upload mechanism and
 * checked by its bytes, the API key shown once and stored only as a hash, and UPDATE_TEAM on all
 * five routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, keyMatches } from '../../functions/common/api-keys';
import { db } from '../../functions/common/entities';
import { UPLOADS_BUCKET } from '../../scripts/local/stack';
import { LOGO_MAX_BYTES, TEAM_SETTINGS_MESSAGES, type TeamSettings } from '../../shared/schemas/team';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
let rival: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

const settingsOf = async (person: Person) =>
  ok<TeamSettings>(await as(person).call('getTeamSettings'), 'getTeamSettings');
const update = (person: Person, body: Record<string, unknown>) =>
  as(person).raw('updateTeamSettings', { body });

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(`/${UPLOADS_BUCKET}/`.length));

/** Starts a logo upload and POSTs the bytes to the presigned form, as the browser does. */
async function stageLogo(
  person: Person,
  bytes: Uint8Array,
  contentType: 'image/png' | 'image/jpeg' = 'image/png',
) {
  const started = ok<{
    upload: { url: string; fields: Record<string, string> };
    uploadUrl: string;
    teamLogo: string;
  }>(
    await as(person).call('requestLogoUpload', { body: { fileName: 'logo.png', contentType } }),
    'requestLogoUpload',
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(started.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const posted = await fetch(started.upload.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`upload: HTTP ${posted.status}`);
  return started;
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('olga@kestrel.test', 'Kestrel Cloud', { givenName: 'Olga', lastName: 'Owner' });
  member = await join(owner, 'max@kestrel.test', 'ROLE_MEMBER', { givenName: 'Max', lastName: 'Member' });
  rival = await register('rita@osprey.test', 'Osprey Analytics', { givenName: 'Rita', lastName: 'Rival' });
}, 180_000);

afterAll(() => resources.stopAll());

describe('team settings', () => {
  it('reads the team with the library defaults before anything is set', async () => {
    // Act
    const settings = await settingsOf(owner);

    // Assess
    expect(settings).toEqual({
      teamId: owner.teamId,
      name: 'Kestrel Cloud',
      companyWebsite: null,
      teamLogo: null,
      redemptionCode: null,
      redemptionPartner: null,
      importedAnswersRequireReview: false,
      defaultAnswersToFlowToLibrary: false,
      libraryReviewCycle: null,
    });
  });

  it('changes only the fields sent, and only in the caller’s team', async () => {
    // Prepare
    ok(await update(owner, { companyWebsite: 'https://kestrel.example.com' }), 'website');

    // Act
    const renamed = ok<TeamSettings>(await update(owner, { name: '  Kestrel Cloud Security ' }), 'rename');
    const flagged = ok<TeamSettings>(await update(owner, { importedAnswersRequireReview: true }), 'flag');

    // Assess
    expect(renamed).toMatchObject({
      name: 'Kestrel Cloud Security',
      companyWebsite: 'https://kestrel.example.com',
      importedAnswersRequireReview: false,
      defaultAnswersToFlowToLibrary: false,
    });
    expect(flagged).toEqual({ ...renamed, importedAnswersRequireReview: true });
    expect(await settingsOf(owner)).toEqual(flagged);
    expect(await settingsOf(rival)).toMatchObject({ name: 'Osprey Analytics', companyWebsite: null });
    // The team comes from the caller, never from the body.
    expect((await update(rival, { teamId: owner.teamId, name: 'Hijacked' })).status).toBe(400);
    expect((await settingsOf(owner)).name).toBe('Kestrel Cloud Security');
    ok(await update(owner, { importedAnswersRequireReview: false }), 'unflag');
  });

  it('refuses a name under 4 characters and an empty update', async () => {
    // Act
    const short = await update(owner, { name: ' Kes ' });
    const empty = await update(owner, {});

    // Assess
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ name: [TEAM_SETTINGS_MESSAGES.name] });
    expect(empty.status).toBe(400);
    expect((await settingsOf(owner)).name).toBe('Kestrel Cloud Security');
  });

  it('takes http or https websites with a dotted host (www needs three parts)', async () => {
    for (const website of ['https://www.example', 'ftp://example.com', 'example.com', 'https://localhost']) {
      // Act
      const refused = await update(owner, { companyWebsite: website });
      // Assess
      expect(refused.status, website).toBe(400);
      expect(refused.body.fieldErrors, website).toEqual({ companyWebsite: [TEAM_SETTINGS_MESSAGES.website] });
    }
    for (const website of [
      'https://example.com',
      'http://www.kestrel.example',
      'https://www.kestrel.co.uk/',
    ]) {
      const saved = ok<TeamSettings>(await update(owner, { companyWebsite: website }), website);
      expect(saved.companyWebsite).toBe(website);
    }
  });
});

describe('redemption code', () => {
  it('refuses a code no partner issued, and one that is not 4 characters', async () => {
    // Act
    const unknown = await update(owner, { redemptionCode: 'ZZZZ' });
    const long = await update(owner, { redemptionCode: 'DEMO1' });

    // Assess
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(TEAM_SETTINGS_MESSAGES.redemptionCode);
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ redemptionCode: [TEAM_SETTINGS_MESSAGES.redemptionCode] });
    expect(await settingsOf(owner)).toMatchObject({ redemptionCode: null, redemptionPartner: null });
  });

  it('records the partner of a valid code, whatever its case', async () => {
    // Act
    const redeemed = ok<TeamSettings>(await update(owner, { redemptionCode: ' demo ' }), 'redeem');

    // Assess
    expect(redeemed).toMatchObject({ redemptionCode: 'DEMO', redemptionPartner: 'Demo partner programme' });
    expect(await settingsOf(owner)).toEqual(redeemed);
  });

  it('is redeemed once: a second code is refused and nothing sent with it is written', async () => {
    // Act
    const again = await update(owner, { redemptionCode: 'AUDT', name: 'Kestrel Renamed' });
    const same = await update(owner, { redemptionCode: 'DEMO' });

    // Assess
    for (const refused of [again, same]) {
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(TEAM_SETTINGS_MESSAGES.redemptionCode);
    }
    expect(await settingsOf(owner)).toMatchObject({
      name: 'Kestrel Cloud Security',
      redemptionCode: 'DEMO',
      redemptionPartner: 'Demo partner programme',
    });
  });
});

describe('team logo', () => {
  it('presigns a POST for a staging key of the team, with the size range and type in the policy', async () => {
    // Act
    const started = ok(
      await as(owner).call('requestLogoUpload', {
        body: { fileName: 'logo.webp', contentType: 'image/webp' },
      }),
      'requestLogoUpload',
    );

    // Assess
    expect(started.teamLogo).toMatch(new RegExp(`^staging/teams/${owner.teamId}/logo/[0-9a-f-]{36}$`));
    expect(started.uploadUrl).toBe(started.upload.url);
    expect(started.upload.fields.key).toBe(started.teamLogo);
    const policy = JSON.parse(Buffer.from(started.upload.fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, LOGO_MAX_BYTES]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp']);
  });

  it('refuses SVG, HTML and over-large logos before any upload', async () => {
    for (const contentType of ['image/svg+xml', 'text/html']) {
      const refused = await as(owner).raw('requestLogoUpload', {
        body: { fileName: 'logo.svg', contentType },
      });
      expect(refused.status, contentType).toBe(400);
      expect(refused.body.fieldErrors, contentType).toEqual({
        contentType: [TEAM_SETTINGS_MESSAGES.logoType],
      });
    }
    const large = await as(owner).call('requestLogoUpload', {
      body: { fileName: 'logo.png', contentType: 'image/png', sizeBytes: LOGO_MAX_BYTES + 1 },
    });
    expect(large.status).toBe(400);
    expect(large.body.fieldErrors).toEqual({ sizeBytes: [TEAM_SETTINGS_MESSAGES.logoTooLarge] });
  });

  it('accepts a real PNG, moves it to the team’s logo key and shows it through a short-lived link', async () => {
    // Prepare
    const { teamLogo } = await stageLogo(owner, PNG);

    // Act
    const saved = ok<TeamSettings>(await update(owner, { teamLogo }), 'logo');

    // Assess
    expect(saved.teamLogo).not.toBeNull();
    expect(keyOf(saved.teamLogo!)).toMatch(new RegExp(`^teams/${owner.teamId}/logo/[0-9a-f-]{36}$`));
    const image = await fetch(saved.teamLogo!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect(saved).toMatchObject({ name: 'Kestrel Cloud Security', redemptionCode: 'DEMO' });
    // The staged object was moved, not copied: completing it again finds nothing.
    expect((await update(owner, { teamLogo })).status).toBe(404);
  });

  it('refuses HTML or SVG uploaded as a PNG, and keeps the logo it had', async () => {
    // Prepare
    const before = keyOf((await settingsOf(owner)).teamLogo!);
    const html = new TextEncoder().encode(
      '<html><body><script>alert(document.cookie)</script></body></html>',
    );
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );

    for (const bytes of [html, svg]) {
      const { teamLogo } = await stageLogo(owner, bytes);

      // Act
      const refused = await update(owner, { teamLogo, companyWebsite: 'https://changed.example.com' });

      // Assess
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(TEAM_SETTINGS_MESSAGES.logoType);
      // The refused upload is gone.
      expect((await update(owner, { teamLogo })).status).toBe(404);
    }
    const after = await settingsOf(owner);
    expect(keyOf(after.teamLogo!)).toBe(before);
    expect(after.companyWebsite).not.toBe('https://changed.example.com');
  });

  it('replaces the logo, and takes no upload of another team', async () => {
    // Prepare
    const previous = (await settingsOf(owner)).teamLogo!;
    const { teamLogo: theirs } = await stageLogo(rival, PNG);
    const { teamLogo: ours } = await stageLogo(owner, PNG);

    // Act
    const foreign = await update(owner, { teamLogo: theirs });
    const outside = await update(owner, { teamLogo: `teams/${owner.teamId}/logo/../../${rival.teamId}/x` });
    const replaced = ok<TeamSettings>(await update(owner, { teamLogo: ours }), 'replace');

    // Assess
    expect(foreign.status).toBe(404);
    expect(outside.status).toBe(404);
    expect(keyOf(replaced.teamLogo!)).not.toBe(keyOf(previous));
    expect((await fetch(previous)).status).toBe(404);
    // The rival's staged upload is untouched and still theirs to use.
    expect(ok<TeamSettings>(await update(rival, { teamLogo: theirs }), 'rival logo').teamLogo).not.toBeNull();
  });
});

describe('API access', () => {
  it('shows the client id and no key before one is generated', async () => {
    // Act
    const access = ok(await as(owner).call('getApiAccess'), 'getApiAccess');

    // Assess
    expect(access).toEqual({
      teamId: owner.teamId,
      clientId: `client_${owner.teamId}`,
      apiKeyPrefix: null,
      createdAt: null,
    });
  });

  it('generates a key shown once, stores only its hash, and replaces it on the next generation', async () => {
    // Act
    const first = ok(await as(owner).call('generateApiKey'), 'generate');
    const access = await as(owner).call('getApiAccess');
    const stored = (await db().entities.apiKey.get({ teamId: owner.teamId! }).go()).data!;

    // Assess
    expect(first).toMatchObject({ teamId: owner.teamId, clientId: `client_${owner.teamId}` });
    expect(first.apiKey).toMatch(/^qwk_[A-Za-z0-9_-]{43}$/);
    expect(first.apiKey.startsWith(first.apiKeyPrefix)).toBe(true);
    expect(first.apiKeyPrefix.length).toBeLessThan(first.apiKey.length);
    expect(ok(access, 'getApiAccess')).toEqual({
      teamId: owner.teamId,
      clientId: `client_${owner.teamId}`,
      apiKeyPrefix: first.apiKeyPrefix,
      createdAt: first.createdAt,
    });
    expect(JSON.stringify(access.body)).not.toContain(first.apiKey);
    expect(stored.keyHash).toBe(hashKey(first.apiKey));
    expect(stored.keyPrefix).toBe(first.apiKeyPrefix);
    expect(stored.createdByUserId).toBe(owner.userId);
    expect(JSON.stringify(stored)).not.toContain(first.apiKey);

    // Act: generate again
    const second = ok(await as(owner).call('generateApiKey'), 'generate again');
    const replaced = (await db().entities.apiKey.get({ teamId: owner.teamId! }).go()).data!;

    // Assess
    expect(second.apiKey).not.toBe(first.apiKey);
    expect(replaced.keyHash).toBe(hashKey(second.apiKey));
    expect(keyMatches(second.apiKey, replaced.keyHash)).toBe(true);
    expect(keyMatches(first.apiKey, replaced.keyHash)).toBe(false);
    expect(ok(await as(owner).call('getApiAccess'), 'getApiAccess').apiKeyPrefix).toBe(second.apiKeyPrefix);
    // Another team has its own (no) key.
    expect(ok(await as(rival).call('getApiAccess'), 'rival access').apiKeyPrefix).toBeNull();
  });
});

describe('permissions', () => {
  it('refuses all five routes to a member without UPDATE_TEAM', async () => {
    // Prepare
    const before = await settingsOf(owner);
    const keyBefore = (await db().entities.apiKey.get({ teamId: owner.teamId! }).go()).data;

    // Act
    const responses = {
      getTeamSettings: await as(member).call('getTeamSettings'),
      updateTeamSettings: await as(member).call('updateTeamSettings', { body: { name: 'Taken Over Inc' } }),
      requestLogoUpload: await as(member).call('requestLogoUpload', {
        body: { fileName: 'logo.png', contentType: 'image/png' },
      }),
      getApiAccess: await as(member).call('getApiAccess'),
      generateApiKey: await as(member).call('generateApiKey'),
    };

    // Assess
    for (const [name, response] of Object.entries(responses)) expect(response.status, name).toBe(403);
    expect(JSON.stringify(responses)).not.toContain('qwk_');
    expect((await settingsOf(owner)).name).toBe(before.name);
    expect((await db().entities.apiKey.get({ teamId: owner.teamId! }).go()).data?.keyHash).toBe(
      keyBefore?.keyHash,
    );
  });
});

describe('the library flags take effect', () => {
  it('ticks Include in Library on new questions when answers flow to the library, never in PRIVATE projects', async () => {
    // Prepare
    const { projectId } = ok(
      await as(owner).call('createProject', { body: { name: 'Flow review' } }),
      'create',
    );
    const before = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: { question: 'Do you encrypt backups at rest?' },
      }),
      'add',
    );

    // Act
    ok(
      await as(owner).call('updateTeamSettings', { body: { defaultAnswersToFlowToLibrary: true } }),
      'updateTeamSettings',
    );
    const after = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: { question: 'Do you rotate encryption keys yearly?' },
      }),
      'add',
    );
    const share = { accessVisibility: 'PRIVATE' as const, shareWith: [owner.userId] };
    ok(await as(owner).call('updateProjectAccess', { params: { projectId }, body: share }), 'private');
    const hidden = ok(
      await as(owner).call('addQuestion', {
        params: { projectId },
        body: { question: 'Is there a data retention policy?' },
      }),
      'add',
    );
    ok(
      await as(owner).call('updateTeamSettings', { body: { defaultAnswersToFlowToLibrary: false } }),
      'updateTeamSettings',
    );

    // Assess
    expect(before.includeInLibrary).toBe(false);
    expect(after.includeInLibrary).toBe(true);
    expect(hidden.includeInLibrary).toBe(false);
  });
});
