/** The e-mail construct: the SES identity, its configuration set, and who may send through it. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { GROUP_ACCESS } from '../../shared/routes';
import { handlerFunctions, mappingOf, type Resources, roleOf, roleStatements, synthDev } from './support';

let template: Template;
// The reactions function (and its role's policy) is in the background nested stack; `resources` is the
// application's (support.ts applicationResources).
let background: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, background, appResources: resources } = synthDev());
});

const reactionsFunction = () =>
  mappingOf(resources, BACKGROUND_FUNCTIONS.reactions.description).Properties.FunctionName.Ref as string;

describe('email', () => {
  it('creates the SES identity with a default configuration set and lets the reactions function send from it', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'dev.example.com',
      ConfigurationSetAttributes: {
        ConfigurationSetName: { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') },
      },
    });
    expect(BACKGROUND_FUNCTIONS.reactions.access.email).toBe(true);
    background.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: roleOf(resources[reactionsFunction()]) }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['ses:SendEmail']) })]),
      },
    });
  });

  it('grants sending on this identity and this configuration set only', () => {
    const sends = roleStatements(resources, roleOf(resources[reactionsFunction()])).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('ses:')),
    );
    const targets = sends.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets)
      expect(target).toMatch(/:(identity|configuration-set)\/",\{"Ref":"Email\w+"\}/);
  });

  it('lets no function send e-mail unless it declares it', () => {
    const senders = handlerFunctions(resources)
      .filter(([, fn]) =>
        roleStatements(resources, roleOf(fn)).some((s) => [s.Action].flat().includes('ses:SendEmail')),
      )
      .map(([id]) => id);
    const groupSenders = Object.values(GROUP_ACCESS).filter((access) => access.email).length;
    expect(senders).toContain(reactionsFunction());
    expect(senders).toHaveLength(1 + groupSenders);
  });
});
