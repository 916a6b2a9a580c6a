/** Stage configuration (lib/config/stages.ts): no synthesis needed. */
import { describe, expect, it } from 'vitest';
import { loadStageConfig } from '../../lib/config/stages';

describe('stage config', () => {
  it('validates both stages', () => {
    expect(loadStageConfig('dev').stage).toBe('dev');
    expect(loadStageConfig('prod').removalPolicy).toBe('retain');
  });

  it('rejects an unknown stage and a sender the SES identity does not cover', () => {
    expect(() => loadStageConfig('staging')).toThrow(/Unknown stage/);
    expect(() =>
      loadStageConfig('dev', {
        email: { identity: { kind: 'domain', domain: 'dev.example.com' }, mailFrom: 'x@other.com' },
      }),
    ).toThrow(/not covered by the SES identity/);
    expect(() =>
      loadStageConfig('dev', {
        ssoProviders: [
          { providerName: 'COGNITO', kind: 'SAML', metadataUrl: 'https://idp.example.com/m.xml' },
        ],
      }),
    ).toThrow(/built-in/);
  });
});
