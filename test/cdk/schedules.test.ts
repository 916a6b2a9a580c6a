/**
 * The scheduled jobs construct: for each background function that declares a `schedule` (the
 * document expiry check), its function with the declared time and an EventBridge rule that invokes
 * it at its rate with bounded retries, and a role that holds only its declared access.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { actionsOf, ofType, type Resources, roleOf, roleStatements, synthDev } from './support';

let resources: Resources;
beforeAll(() => {
  ({ appResources: resources } = synthDev());
});

const SCHEDULED = Object.entries(BACKGROUND_FUNCTIONS).flatMap(([name, fn]) =>
  'schedule' in fn ? [{ name, ...fn }] : [],
);

describe('scheduled jobs', () => {
  it('declares the document expiry check and the library review check hourly, webhook retries every minute, the review digest weekly', () => {
    expect(SCHEDULED.map((s) => [s.name, s.entry, s.schedule.everyMinutes])).toEqual([
      ['documentExpiry', 'functions/documents/expiry-job.ts', 60],
      ['libraryReviewDue', 'functions/library/review/due-job.ts', 60],
      ['webhookRetries', 'functions/integrations/retry-job.ts', 1],
      ['libraryReviewDigest', 'functions/library/review/digest-job.ts', 7 * 24 * 60],
    ]);
  });

  it.each(SCHEDULED)(
    '$name runs on an EventBridge rule at its rate, with its time and access only',
    (job) => {
      const [id, fn] = ofType(resources, 'AWS::Lambda::Function').find(
        ([, f]) => f.Properties.Description === job.description,
      )!;
      expect(fn.Properties.Timeout).toBe(job.schedule.timeoutSeconds);
      const rules = ofType(resources, 'AWS::Events::Rule')
        .map(([, rule]) => rule)
        .filter((rule) =>
          (rule.Properties.Targets as Array<{ Arn: { 'Fn::GetAtt': string[] } }>).some(
            (t) => t.Arn['Fn::GetAtt']?.[0] === id,
          ),
        );
      expect(rules).toHaveLength(1);
      expect(rules[0].Properties.ScheduleExpression).toBe(
        job.schedule.everyMinutes === 1
          ? 'rate(1 minute)'
          : job.schedule.everyMinutes === 60
            ? 'rate(1 hour)'
            : `rate(${job.schedule.everyMinutes / 1440} days)`,
      );
      expect(rules[0].Properties.Targets[0].RetryPolicy).toEqual({
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 3600,
      });
      const actions = roleStatements(resources, roleOf(fn)).flatMap(actionsOf);
      expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(true);
      expect(actions.filter((a) => /^(s3|ses|execute-api):/.test(a))).toEqual([]);
    },
  );
});
