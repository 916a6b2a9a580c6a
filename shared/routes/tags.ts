import { Tag, TagRequest } from '../schemas/tag';
import { route, routeGroup } from './route';

/** Tags of the team and on its resources (projects now, answers with the library). */
export const tags = routeGroup(
  'tags',
  { table: 'readwrite' },
  {
    listTags: route({
      method: 'GET',
      path: '/api/tags',
      auth: 'user',
      team: true,
      summary: "Every tag label in use in the caller's team",
      response: Tag.array(),
    }),
    listResourceTags: route({
      method: 'GET',
      path: '/api/tags/{resourceId}/tags',
      auth: 'user',
      team: true,
      summary: 'Tags on one resource',
      response: Tag.array(),
    }),
    addTag: route({
      method: 'POST',
      path: '/api/tags/{resourceId}/add',
      auth: 'user',
      team: true,
      summary: 'Tag a resource (at most 50 tags each); answers its tags',
      body: TagRequest,
      response: Tag.array(),
    }),
    removeTag: route({
      method: 'POST',
      path: '/api/tags/{resourceId}/remove',
      auth: 'user',
      team: true,
      summary: 'Remove a tag from a resource; answers its tags',
      body: TagRequest,
      response: Tag.array(),
    }),
  },
);
