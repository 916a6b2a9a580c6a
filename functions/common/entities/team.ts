import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

export const TeamEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'team', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        name: { type: 'string', required: true },
        ownerUserId: { type: 'string', required: true },
        /** Library settings (spec 002 §3 Team); absent means TEAM_LIBRARY_DEFAULTS (shared/schemas/answer.ts). */
        importedAnswersRequireReview: { type: 'boolean' },
        defaultAnswersToFlowToLibrary: { type: 'boolean' },
        /** The library's review cycle in months (3, 6, 12); 0 or absent: none (functions/library/review). */
        libraryReviewCycleMonths: { type: 'number' },
        /** Team settings (spec 002 §2.7): the company's website, the logo's key, the code redeemed. */
        companyWebsite: { type: 'string' },
        teamLogoKey: { type: 'string' },
        redemptionCode: { type: 'string' },
        redemptionPartner: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', [], 'TEAM') },
      },
    }),
);
