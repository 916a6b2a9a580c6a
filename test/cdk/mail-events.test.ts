/**
 * Mail health: the configuration set's event destination (bounce, complaint, reject, delivery delay and
 * delivery to the default EventBridge bus), the rule for this configuration set's events that invokes
 * the mailEvents function with retries and a dead-letter queue, the function's on-failure destination
 * and its table-only access.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_EVENTS } from '../../lib/constructs/mail-events';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { actionsOf, ofType, type Resources, roleOf, roleStatements, synthDev } from './support';

let resources: Resources;
beforeAll(() => {
  ({ appResources: resources } = synthDev());
});

const mailEventsFunction = () =>
  ofType(resources, 'AWS::Lambda::Function').find(
    ([, f]) => f.Properties.Description === BACKGROUND_FUNCTIONS.mailEvents.description,
  )!;

describe('mail events', () => {
  it('publishes bounces, complaints, rejects, delays and deliveries of the configuration set to the default bus', () => {
    const destinations = ofType(resources, 'AWS::SES::ConfigurationSetEventDestination');
    expect(destinations).toHaveLength(1);
    const [, destination] = destinations[0];
    const props = destination.Properties;
    expect(props.ConfigurationSetName.Ref).toMatch(/^EmailConfigurationSet/);
    expect(props.EventDestination.Enabled).toBe(true);
    expect([...props.EventDestination.MatchingEventTypes].sort()).toEqual([
      'bounce',
      'complaint',
      'delivery',
      'deliveryDelay',
      'reject',
    ]);
    expect(JSON.stringify(props.EventDestination.EventBridgeDestination.EventBusArn)).toContain(
      'event-bus/default',
    );
  });

  it("invokes the mailEvents function for this configuration set's SES events, with retries and a dead-letter queue", () => {
    const [id] = mailEventsFunction();
    const rules = ofType(resources, 'AWS::Events::Rule').filter(([, rule]) =>
      (rule.Properties.Targets as Array<{ Arn: { 'Fn::GetAtt'?: string[] } }>).some(
        (t) => t.Arn['Fn::GetAtt']?.[0] === id,
      ),
    );
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0];
    const pattern = rule.Properties.EventPattern;
    expect(pattern.source).toEqual(['aws.ses']);
    expect(pattern['detail-type']).toEqual([...MAIL_EVENTS.detailTypes]);
    expect(pattern.detail.mail.tags['ses:configuration-set'][0].Ref).toMatch(/^EmailConfigurationSet/);
    const [target] = rule.Properties.Targets;
    expect(target.RetryPolicy).toEqual({
      MaximumRetryAttempts: MAIL_EVENTS.retryAttempts,
      MaximumEventAgeInSeconds: MAIL_EVENTS.maxEventAge.toSeconds(),
    });
    const queueId = target.DeadLetterConfig.Arn['Fn::GetAtt'][0];
    expect(resources[queueId].Type).toBe('AWS::SQS::Queue');
    expect(resources[queueId].Properties.SqsManagedSseEnabled).toBe(true);

    // A failed invocation, after Lambda's retries, lands in the same queue.
    const invokeConfigs = ofType(resources, 'AWS::Lambda::EventInvokeConfig').filter(
      ([, c]) => c.Properties.FunctionName.Ref === id,
    );
    expect(invokeConfigs).toHaveLength(1);
    expect(invokeConfigs[0][1].Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0]).toBe(
      queueId,
    );
  });

  it('gives the function the table and sending to its queue only, never e-mail', () => {
    const [, fn] = mailEventsFunction();
    expect(fn.Properties.Timeout).toBe(MAIL_EVENTS.timeout.toSeconds());
    const actions = roleStatements(resources, roleOf(fn)).flatMap(actionsOf);
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(false);
    expect(actions.some((a) => a.startsWith('s3:'))).toBe(false);
    expect(actions).toContain('dynamodb:PutItem');
    expect(
      actions
        .filter((a) => a.startsWith('sqs:'))
        .every((a) => a === 'sqs:SendMessage' || a.startsWith('sqs:Get')),
    ).toBe(true);
  });
});
