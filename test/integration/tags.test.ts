/**
 * Tags (spec 002 §7.2) on projects, against the real local emulators: adding, listing and removing
 * them on a project and in the team, idempotence, case-insensitive labels keeping the team's first
 * spelling, the 50-per-resource limit (also under concurrent adds), label validation, the
 * permission to change tags, and visibility: a PRIVATE project's tags are as invisible as the
 * project to whoever is not on it, and another team's projects do not exist for the caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/common/entities';
import { TAG_MESSAGE, TAGS_PER_RESOURCE } from '../../shared/schemas/tag';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

let stack: TestStack;
const api = client(() => stack);
const resources = new Resources();

interface Person {
  userId: string;
  token: string;
  teamId: string;
}
const as = (person: Person): ApiClient => api.as(person.token);

async function register(email: string): Promise<Omit<Person, 'teamId'>> {
  const userId = await stack.signUp(email);
  const token = await stack.signIn(email);
  const registered = await api.call('registerUser', {
    token,
    body: { givenName: 'Pat', lastName: 'Tester', emailAddress: email },
  });
  expect(registered.status).toBe(200);
  return { userId, token };
}

async function owner(email: string, teamName: string): Promise<Person> {
  const person = await register(email);
  const created = await api.call('createTeam', { token: person.token, body: { name: teamName } });
  expect(created.status).toBe(200);
  return { ...person, token: await stack.signIn(email), teamId: created.body.data.teamId };
}

/** Invites `email` to the owner's team with the role, and accepts as them. */
async function member(by: Person, email: string, roleCode: string): Promise<Person> {
  const [groups, roles] = await Promise.all([as(by).call('getGroups'), as(by).call('getRoles')]);
  const invited = await as(by).call('inviteMember', {
    body: {
      emailAddress: email,
      groupId: groups.body.data[0].groupId,
      roleId: roles.body.data.find((r: { code: string }) => r.code === roleCode).roleId,
    },
  });
  expect(invited.status).toBe(200);
  const person = await register(email);
  const accepted = await api.call('respondToInvitation', {
    token: person.token,
    params: { membershipId: invited.body.data.membershipId },
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  return { ...person, token: await stack.signIn(email), teamId: by.teamId };
}

let projectCount = 0;
/** A project written straight to the table (the tags group only reads it). */
async function project(
  of: Person,
  extra: { accessVisibility?: 'TEAM' | 'PRIVATE'; memberUserIds?: string[] } = {},
): Promise<string> {
  const projectId = `tagged-${++projectCount}`;
  await db()
    .entities.project.create({
      teamId: of.teamId,
      projectId,
      name: `Project ${projectCount}`,
      dueOn: '2031-01-01',
      accessVisibility: extra.accessVisibility ?? 'TEAM',
      memberUserIds: extra.memberUserIds ?? [of.userId],
      createdByUserId: of.userId,
    })
    .go();
  return projectId;
}

const labels = (response: { body: { data: Array<{ tagLabel: string }> } }) =>
  response.body.data.map((t) => t.tagLabel);

let alice: Person; // owner of team A
let carol: Person; // Manager in team A: may change tags
let bob: Person; // Member in team A: may read tags only
let dave: Person; // owner of team B

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  [alice, dave] = await Promise.all([
    owner('alice@tags.test', 'Tags Alpha'),
    owner('dave@tags-bravo.test', 'Tags Bravo'),
  ]);
  carol = await member(alice, 'carol@tags.test', 'ROLE_MANAGER');
  bob = await member(alice, 'bob@tags.test', 'ROLE_MEMBER');
});
afterAll(() => resources.stopAll());

describe('adding, listing and removing tags', () => {
  it("tags a project and lists the tag on it and in the team's labels", async () => {
    // Prepare
    const projectId = await project(alice);
    // Act
    const added = await as(alice).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: '  SOC 2 ' },
    });
    const onProject = await as(bob).call('listResourceTags', { params: { resourceId: projectId } });
    const inTeam = await as(bob).call('listTags');
    // Assess
    expect(added).toEqual({ status: 200, body: { data: [{ tagLabel: 'SOC 2' }] } });
    expect(onProject).toEqual({ status: 200, body: { data: [{ tagLabel: 'SOC 2' }] } });
    expect(labels(inTeam)).toEqual(['SOC 2']);
  });

  it('answers the tags in label order, whatever their case', async () => {
    // Prepare
    const projectId = await project(alice);
    // Act
    for (const tagLabel of ['zeta', 'Beta', 'alpha', 'Gamma'])
      await as(carol).call('addTag', { params: { resourceId: projectId }, body: { tagLabel } });
    const listed = await as(alice).call('listResourceTags', { params: { resourceId: projectId } });
    // Assess
    expect(labels(listed)).toEqual(['alpha', 'Beta', 'Gamma', 'zeta']);
  });

  it('adds an existing tag once, whatever its case, keeping the spelling of its first use', async () => {
    // Prepare
    const first = await project(alice);
    const second = await project(alice);
    await as(alice).call('addTag', { params: { resourceId: first }, body: { tagLabel: 'ISO 27001' } });
    // Act
    const again = await as(alice).call('addTag', {
      params: { resourceId: first },
      body: { tagLabel: 'iso  27001' },
    });
    const elsewhere = await as(carol).call('addTag', {
      params: { resourceId: second },
      body: { tagLabel: 'Iso 27001' },
    });
    // Assess
    expect(again).toEqual({ status: 200, body: { data: [{ tagLabel: 'ISO 27001' }] } });
    expect(elsewhere).toEqual({ status: 200, body: { data: [{ tagLabel: 'ISO 27001' }] } });
    const inTeam = labels(await as(alice).call('listTags'));
    expect(inTeam.filter((label) => label.toLowerCase().startsWith('iso'))).toEqual(['ISO 27001']);
  });

  it('removes a tag whatever its case; removing a tag the project does not carry answers its tags', async () => {
    // Prepare
    const projectId = await project(alice);
    for (const tagLabel of ['Privacy', 'Encryption'])
      await as(alice).call('addTag', { params: { resourceId: projectId }, body: { tagLabel } });
    // Act
    const removed = await as(carol).call('removeTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'PRIVACY' },
    });
    const missing = await as(carol).call('removeTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Privacy' },
    });
    const never = await as(carol).call('removeTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Never used' },
    });
    // Assess
    expect(removed).toEqual({ status: 200, body: { data: [{ tagLabel: 'Encryption' }] } });
    expect(missing).toEqual(removed);
    expect(never).toEqual(removed);
    expect(labels(await as(alice).call('listResourceTags', { params: { resourceId: projectId } }))).toEqual([
      'Encryption',
    ]);
  });

  it("keeps a label in the team's list while any project carries it, and forgets it after", async () => {
    // Prepare
    const [first, second] = [await project(alice), await project(alice)];
    await as(alice).call('addTag', { params: { resourceId: first }, body: { tagLabel: 'Shared Label' } });
    await as(alice).call('addTag', { params: { resourceId: second }, body: { tagLabel: 'shared label' } });
    // Act
    await as(alice).call('removeTag', { params: { resourceId: first }, body: { tagLabel: 'Shared Label' } });
    const whileUsed = labels(await as(alice).call('listTags'));
    await as(alice).call('removeTag', { params: { resourceId: second }, body: { tagLabel: 'SHARED LABEL' } });
    const unused = labels(await as(alice).call('listTags'));
    const readded = await as(alice).call('addTag', {
      params: { resourceId: second },
      body: { tagLabel: 'shared LABEL' },
    });
    // Assess
    expect(whileUsed).toContain('Shared Label');
    expect(unused.some((label) => label.toLowerCase() === 'shared label')).toBe(false);
    // Unused labels are forgotten, so the next first use sets the spelling again.
    expect(labels(readded)).toEqual(['shared LABEL']);
    expect(labels(await as(alice).call('listTags'))).toContain('shared LABEL');
  });
});

describe('the limit of tags per project', () => {
  it(`refuses a tag beyond ${TAGS_PER_RESOURCE} with a clear message, and still accepts a known one`, async () => {
    // Prepare
    const projectId = await project(alice);
    for (let i = 1; i <= TAGS_PER_RESOURCE; i++) {
      const added = await as(alice).call('addTag', {
        params: { resourceId: projectId },
        body: { tagLabel: `Tag ${i}` },
      });
      expect(added.status).toBe(200);
    }
    // Act
    const tooMany = await as(alice).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'One more' },
    });
    const known = await as(alice).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'tag 7' },
    });
    // Assess
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      `A project can have at most ${TAGS_PER_RESOURCE} tags; remove one before adding another`,
    );
    expect(known.status).toBe(200);
    expect(known.body.data).toHaveLength(TAGS_PER_RESOURCE);
    const listed = await as(alice).call('listResourceTags', { params: { resourceId: projectId } });
    expect(listed.body.data).toHaveLength(TAGS_PER_RESOURCE);
    expect(labels(listed)).not.toContain('One more');
  });

  it('holds under concurrent adds: only the tags that fit are stored', async () => {
    // Prepare
    const projectId = await project(alice);
    for (let i = 1; i <= TAGS_PER_RESOURCE - 2; i++)
      await as(alice).call('addTag', { params: { resourceId: projectId }, body: { tagLabel: `Tag ${i}` } });
    // Act
    const results = await Promise.all(
      ['Race A', 'Race B', 'Race C', 'Race D', 'Race E'].map((tagLabel) =>
        as(alice).call('addTag', { params: { resourceId: projectId }, body: { tagLabel } }),
      ),
    );
    // Assess
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400]);
    const listed = await as(alice).call('listResourceTags', { params: { resourceId: projectId } });
    expect(listed.body.data).toHaveLength(TAGS_PER_RESOURCE);
    expect(labels(listed).filter((label) => label.startsWith('Race'))).toHaveLength(2);
  });
});

describe('labels', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['with a comma', 'SOC 2, ISO'],
    ['with a semicolon', 'SOC 2; ISO'],
    ['longer than 100 characters', 'x'.repeat(101)],
  ])('refuses a label %s with the tag message', async (_, tagLabel) => {
    // Prepare
    const projectId = await project(alice);
    // Act
    const response = await as(alice).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel },
    });
    // Assess
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors.tagLabel.length).toBeGreaterThan(0);
    expect(new Set(response.body.fieldErrors.tagLabel)).toEqual(new Set([TAG_MESSAGE]));
    expect(
      (await as(alice).call('listResourceTags', { params: { resourceId: projectId } })).body.data,
    ).toEqual([]);
  });

  it('refuses a missing or non-text label, and other fields, on add and remove', async () => {
    // Prepare
    const projectId = await project(alice);
    // Act
    const missing = await as(alice).raw('addTag', { params: { resourceId: projectId }, body: {} });
    const number = await as(alice).raw('removeTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 7 },
    });
    const extra = await as(alice).raw('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Fine', resourceId: 'other' },
    });
    // Assess
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.tagLabel).toEqual([TAG_MESSAGE]);
    expect(number.status).toBe(400);
    expect(number.body.fieldErrors.tagLabel).toEqual([TAG_MESSAGE]);
    expect(extra.status).toBe(400);
  });

  it('accepts a label of exactly 100 characters', async () => {
    // Prepare
    const projectId = await project(alice);
    const tagLabel = `${'y'.repeat(100)}`;
    // Act
    const response = await as(alice).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: ` ${tagLabel} ` },
    });
    // Assess
    expect(response).toEqual({ status: 200, body: { data: [{ tagLabel }] } });
  });
});

describe('who may see and change tags', () => {
  it('lets a Member read tags but not add or remove them (403)', async () => {
    // Prepare
    const projectId = await project(alice);
    await as(alice).call('addTag', { params: { resourceId: projectId }, body: { tagLabel: 'Read Only' } });
    // Act
    const read = await as(bob).call('listResourceTags', { params: { resourceId: projectId } });
    const add = await as(bob).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Mine' },
    });
    const remove = await as(bob).call('removeTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Read Only' },
    });
    // Assess
    expect(read).toEqual({ status: 200, body: { data: [{ tagLabel: 'Read Only' }] } });
    expect(add.status).toBe(403);
    expect(remove.status).toBe(403);
    expect(labels(await as(alice).call('listResourceTags', { params: { resourceId: projectId } }))).toEqual([
      'Read Only',
    ]);
  });

  it('answers 404 for a PRIVATE project to team members not on it, even with the permission', async () => {
    // Prepare
    const projectId = await project(alice, { accessVisibility: 'PRIVATE', memberUserIds: [alice.userId] });
    const own = await as(alice).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Secret Deal' },
    });
    // Act
    const memberRead = await as(bob).call('listResourceTags', { params: { resourceId: projectId } });
    const managerRead = await as(carol).call('listResourceTags', { params: { resourceId: projectId } });
    const managerAdd = await as(carol).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Peek' },
    });
    const managerRemove = await as(carol).call('removeTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Secret Deal' },
    });
    const memberAdd = await as(bob).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Peek' },
    });
    // Assess
    expect(own).toEqual({ status: 200, body: { data: [{ tagLabel: 'Secret Deal' }] } });
    for (const response of [memberRead, managerRead, managerAdd, managerRemove, memberAdd]) {
      expect(response).toEqual({ status: 404, body: { message: 'That project does not exist' } });
    }
    expect(labels(await as(alice).call('listResourceTags', { params: { resourceId: projectId } }))).toEqual([
      'Secret Deal',
    ]);
  });

  it('lets a PRIVATE project member who may change tags do so', async () => {
    // Prepare
    const projectId = await project(alice, {
      accessVisibility: 'PRIVATE',
      memberUserIds: [alice.userId, carol.userId],
    });
    // Act
    const added = await as(carol).call('addTag', {
      params: { resourceId: projectId },
      body: { tagLabel: 'Shared Secret' },
    });
    // Assess
    expect(added).toEqual({ status: 200, body: { data: [{ tagLabel: 'Shared Secret' }] } });
    expect((await as(bob).call('listResourceTags', { params: { resourceId: projectId } })).status).toBe(404);
  });

  it("answers 404 for another team's project and never shows another team's labels", async () => {
    // Prepare
    const ours = await project(alice);
    const theirs = await project(dave);
    await as(alice).call('addTag', { params: { resourceId: ours }, body: { tagLabel: 'Alpha Only' } });
    await as(dave).call('addTag', { params: { resourceId: theirs }, body: { tagLabel: 'Bravo Only' } });
    // Act
    const responses = await Promise.all([
      as(dave).call('listResourceTags', { params: { resourceId: ours } }),
      as(dave).call('addTag', { params: { resourceId: ours }, body: { tagLabel: 'Intruder' } }),
      as(dave).call('removeTag', { params: { resourceId: ours }, body: { tagLabel: 'Alpha Only' } }),
      as(alice).call('listResourceTags', { params: { resourceId: theirs } }),
      as(alice).call('addTag', { params: { resourceId: 'no-such-project' }, body: { tagLabel: 'Ghost' } }),
    ]);
    const bravoLabels = labels(await as(dave).call('listTags'));
    const alphaLabels = labels(await as(alice).call('listTags'));
    // Assess
    for (const response of responses) expect(response.status).toBe(404);
    expect(bravoLabels).toEqual(['Bravo Only']);
    expect(alphaLabels).toContain('Alpha Only');
    expect(alphaLabels).not.toContain('Bravo Only');
    expect(alphaLabels).not.toContain('Intruder');
    expect(labels(await as(alice).call('listResourceTags', { params: { resourceId: ours } }))).toEqual([
      'Alpha Only',
    ]);
  });

  it('refuses every tag route to a signed-in user without a team (403)', async () => {
    // Prepare
    const loner = await register('loner@tags.test');
    const projectId = await project(alice);
    // Act
    const responses = await Promise.all([
      api.call('listTags', { token: loner.token }),
      api.call('listResourceTags', { token: loner.token, params: { resourceId: projectId } }),
      api.call('addTag', { token: loner.token, params: { resourceId: projectId }, body: { tagLabel: 'X' } }),
      api.call('removeTag', {
        token: loner.token,
        params: { resourceId: projectId },
        body: { tagLabel: 'X' },
      }),
    ]);
    // Assess
    for (const response of responses) expect(response.status).toBe(403);
  });
});
