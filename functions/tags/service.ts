/**
 * Tags of a team and on its resources (spec 002 §7.2). Labels compare case-insensitively: the first
 * use's spelling is what everyone sees. Adding a tag a resource has, or removing one it has not,
 * changes nothing and answers the resource's tags.
 */
import { TAGS_PER_RESOURCE, type Tag } from '../../shared/schemas/tag';
import { requirePermission, type TeamCaller } from '../common/caller';
import { BadRequestError } from '../common/errors';
import * as repo from './repo';
import { inLabelOrder, labelKeyOf } from './resource-kinds';
import { resolveResource } from './resources';

export const tooManyTagsMessage = (noun: string) =>
  `A ${noun} can have at most ${TAGS_PER_RESOURCE} tags; remove one before adding another`;

const asTags = (items: Array<{ tagLabel: string }>): Tag[] => items.map(({ tagLabel }) => ({ tagLabel }));

/** Every label in use in the caller's team, in label order. */
export async function listTags(caller: TeamCaller): Promise<Tag[]> {
  return asTags(await repo.teamLabels(caller.user.teamId));
}

/** A resource's tags, in label order. */
export async function listResourceTags(caller: TeamCaller, resourceId: string): Promise<Tag[]> {
  const resource = await resolveResource(caller, resourceId);
  return asTags(await repo.tagsOn(resource));
}

/** Tags the resource (the team's first spelling of the label wins) and answers its tags. */
export async function addTag(caller: TeamCaller, resourceId: string, label: string): Promise<Tag[]> {
  const resource = await resolveResource(caller, resourceId);
  requirePermission(caller, resource.writePermission);
  const labelKey = labelKeyOf(label);
  const [current, known] = await Promise.all([
    repo.tagsOn(resource),
    repo.teamLabel(resource.teamId, labelKey),
  ]);
  if (current.some((t) => t.labelKey === labelKey)) return asTags(current);
  const full = () => {
    const message = tooManyTagsMessage(resource.noun);
    return new BadRequestError(message, { tagLabel: [message] });
  };
  if (current.length >= TAGS_PER_RESOURCE) throw full();

  // The team label keeps its spelling while it exists (the transaction sets it only if absent).
  const tagLabel = known?.tagLabel ?? label;
  const outcome = await repo.addTag(resource, { labelKey, tagLabel, createdByUserId: caller.user.userId });
  if (outcome === 'full') throw full();
  // Added by someone else meanwhile: answer what is stored.
  if (outcome === 'exists') return asTags(await repo.tagsOn(resource));
  return asTags(inLabelOrder([...current, { labelKey, tagLabel }]));
}

/** Removes the tag (whatever its case) from the resource and answers its tags. */
export async function removeTag(caller: TeamCaller, resourceId: string, tagLabel: string): Promise<Tag[]> {
  const resource = await resolveResource(caller, resourceId);
  requirePermission(caller, resource.writePermission);
  const labelKey = labelKeyOf(tagLabel);
  const current = await repo.tagsOn(resource);
  if (!current.some((t) => t.labelKey === labelKey)) return asTags(current);
  if (await repo.removeTag(resource, labelKey)) await repo.forgetUnusedLabel(resource.teamId, labelKey);
  return asTags(current.filter((t) => t.labelKey !== labelKey));
}
