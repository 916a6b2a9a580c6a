import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/** A team's single sign-on provider and the aliases and e-mail domains that lead to it. */
export const SsoProviderEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'ssoProvider', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        providerName: { type: 'string', required: true },
        aliases: { type: 'list', items: { type: 'string' }, required: true },
        domains: { type: 'list', items: { type: 'string' }, required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key('sk', ['providerName'], 'SSO#${providerName}'),
        },
      },
    }),
);
