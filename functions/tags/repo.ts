/** The tags group's access patterns, named. Every key is under the team's partition. */
import type { EntityItem } from 'electrodb';
import { TAGS_PER_RESOURCE } from '../../shared/schemas/tag';
import { bindService } from '../common/db';
import { isConditionFailure } from '../common/errors';
import { ResourceTagEntity } from './entities/resource-tag';
import { ResourceTagCountEntity } from './entities/resource-tag-count';
import { TeamTagEntity } from './entities/team-tag';
import type { TaggableKind } from './resource-kinds';

const db = bindService({
  resourceTag: ResourceTagEntity,
  teamTag: TeamTagEntity,
  resourceTagCount: ResourceTagCountEntity,
});

export type ResourceTagItem = EntityItem<typeof ResourceTagEntity>;
export type TeamTagItem = EntityItem<typeof TeamTagEntity>;

export interface ResourceRef {
  teamId: string;
  resourceKind: TaggableKind;
  resourceId: string;
}

/** The team's labels in use, ordered by label key: one Query (labels at zero are skipped). */
export async function teamLabels(teamId: string) {
  const { data } = await db()
    .entities.teamTag.query.primary({ teamId })
    .where((attr, op) => op.gt(attr.usageCount, 0))
    .go({ pages: 'all' });
  return data;
}

/** One label of the team (its first spelling), or null: one GetItem. */
export async function teamLabel(teamId: string, labelKey: string) {
  const { data } = await db().entities.teamTag.get({ teamId, labelKey }).go();
  return data;
}

/** One resource's tags, ordered by label key: one Query (begins_with on the sort key). */
export async function tagsOn(resource: ResourceRef) {
  const { data } = await db().entities.resourceTag.query.primary(resource).go({ pages: 'all' });
  return data;
}

const CONDITION_FAILED = 'ConditionalCheckFailed';
const CONFLICT = 'TransactionConflict';
const ATTEMPTS = 6;

/**
 * Runs a transaction again while it is cancelled only because another transaction was changing the
 * same items (two tags added to one resource at once): null when it went through, otherwise the
 * cancellation code of each item, in order.
 */
async function writeWithRetry(write: () => Promise<{ canceled: boolean; data: Array<{ code?: string }> }>) {
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    if (!result.canceled) return null;
    const codes = result.data.map((item) => item.code ?? 'None');
    const conflictOnly = codes.includes(CONFLICT) && !codes.includes(CONDITION_FAILED);
    if (!conflictOnly || attempt === ATTEMPTS) return codes;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
  }
}

export type AddOutcome = 'added' | 'exists' | 'full';

/**
 * Puts the tag on the resource, counts one more use of the label in the team (its display label
 * set on first use) and one more tag on the resource, in one transaction: the tag must not exist
 * yet and the resource must have room for it.
 */
export async function addTag(
  resource: ResourceRef,
  tag: { labelKey: string; tagLabel: string; createdByUserId: string },
): Promise<AddOutcome> {
  const { teamId, labelKey, tagLabel } = { ...resource, ...tag };
  const codes = await writeWithRetry(() =>
    db()
      .transaction.write(({ resourceTag, teamTag, resourceTagCount }) => [
        resourceTag.create({ ...resource, ...tag }).commit(),
        teamTag.upsert({ teamId, labelKey }).ifNotExists({ tagLabel }).add({ usageCount: 1 }).commit(),
        resourceTagCount
          .upsert(resource)
          .add({ tagCount: 1 })
          .where((attr, op) => `${op.notExists(attr.tagCount)} OR ${op.lt(attr.tagCount, TAGS_PER_RESOURCE)}`)
          .commit(),
      ])
      .go(),
  );
  if (!codes) return 'added';
  if (codes[0] === CONDITION_FAILED) return 'exists';
  if (codes[2] === CONDITION_FAILED) return 'full';
  throw new Error(`Adding a tag was cancelled: ${codes.join(', ')}`);
}

/**
 * Deletes the tag from the resource and counts one use and one tag less, in one transaction;
 * false when the resource did not carry that tag.
 */
export async function removeTag(resource: ResourceRef, labelKey: string): Promise<boolean> {
  const { teamId } = resource;
  const codes = await writeWithRetry(() =>
    db()
      .transaction.write(({ resourceTag, teamTag, resourceTagCount }) => [
        resourceTag
          .delete({ ...resource, labelKey })
          .where((attr, op) => op.exists(attr.tagLabel))
          .commit(),
        teamTag.patch({ teamId, labelKey }).subtract({ usageCount: 1 }).commit(),
        resourceTagCount.patch(resource).subtract({ tagCount: 1 }).commit(),
      ])
      .go(),
  );
  if (!codes) return true;
  if (codes[0] === CONDITION_FAILED) return false;
  throw new Error(`Removing a tag was cancelled: ${codes.join(', ')}`);
}

/**
 * Deletes a team label no resource carries any more. Conditional, so a use added in the meantime
 * keeps it (the listing skips labels at zero until then).
 */
export async function forgetUnusedLabel(teamId: string, labelKey: string) {
  try {
    await db()
      .entities.teamTag.delete({ teamId, labelKey })
      .where((attr, op) => op.lte(attr.usageCount, 0))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
