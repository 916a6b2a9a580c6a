/**
 * Scheduled jobs: the background functions of shared/background-functions.ts that declare a
 * `schedule` (the document expiry check). Each gets its function and an EventBridge rule that
 * invokes it at its rate, with bounded retries.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import type { Backend } from './backend';

export interface SchedulesProps {
  backend: Backend;
}

export class Schedules extends Construct {
  readonly handlers: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const [name, fn] of Object.entries(BACKGROUND_FUNCTIONS)) {
      if (!('schedule' in fn)) continue;
      const { schedule } = fn;
      const handler = props.backend.addHandler(this, name, {
        entry: fn.entry,
        description: fn.description,
        access: fn.access,
        timeout: Duration.seconds(schedule.timeoutSeconds),
      });
      new events.Rule(this, `${name}Schedule`, {
        description: `Runs ${fn.entry} every ${schedule.everyMinutes === 1 ? 'minute' : `${schedule.everyMinutes} minutes`}`,
        schedule: events.Schedule.rate(Duration.minutes(schedule.everyMinutes)),
        targets: [new targets.LambdaFunction(handler, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
      });
      this.handlers[name] = handler;
    }
  }
}
