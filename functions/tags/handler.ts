import { tags as tagsRoutes } from '../../shared/routes/tags';
import { createGroupHandler } from '../common/http';
import { addTag, listResourceTags, listTags, removeTag } from './service';

export const handler = createGroupHandler(tagsRoutes, {
  listTags: async ({ caller }) => listTags(caller),
  listResourceTags: async ({ caller, params }) => listResourceTags(caller, params.resourceId),
  addTag: async ({ caller, params, body }) => addTag(caller, params.resourceId, body.tagLabel),
  removeTag: async ({ caller, params, body }) => removeTag(caller, params.resourceId, body.tagLabel),
});
