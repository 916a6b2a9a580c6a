import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/** A term of the team's glossary (spec 002 §3 library term): shown under Explore Questions. */
export const LibraryTermEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'libraryTerm', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        termId: { type: 'string', required: true },
        term: { type: 'string', required: true },
        definition: { type: 'string', required: true },
        links: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
        createdByUserId: { type: 'string', required: true },
        updatedByUserId: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARY'),
          sk: key('sk', ['termId'], 'TERM#${termId}'),
        },
      },
    }),
);
