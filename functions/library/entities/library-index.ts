import { Entity } from 'electrodb';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * Where the team's suggestion index is (see search/store.ts): the version the stream last wrote,
 * its object in the uploads bucket and its size. Readers compare the version with the one they
 * hold in memory; each version is a new object, so a reader never sees one half written.
 */
export const LibraryIndexEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'libraryIndex', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        version: { type: 'number', required: true },
        objectKey: { type: 'string', required: true },
        documents: { type: 'number', required: true },
        bytes: { type: 'number', required: true },
        builtAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARY'),
          sk: key('sk', [], 'INDEX'),
        },
      },
    }),
);
