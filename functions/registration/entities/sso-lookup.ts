import { Entity } from 'electrodb';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * One item per alias and per domain, keyed by the value itself, so the public lookups are a single
 * GetItem (no index, no scan). Written together with its SsoProvider.
 */
export const SsoLookupEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'ssoLookup', version: '1', service: SERVICE },
      attributes: {
        kind: { type: ['ALIAS', 'DOMAIN'] as const, required: true },
        value: { type: 'string', required: true },
        teamId: { type: 'string', required: true },
        providerName: { type: 'string', required: true },
      },
      indexes: {
        primary: { pk: key('pk', ['kind', 'value'], 'SSO#${kind}#${value}'), sk: key('sk', [], 'SSO') },
      },
    }),
);
