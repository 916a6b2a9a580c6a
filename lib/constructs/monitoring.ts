/**
 * Alarms and one dashboard per stage, in a stack of their own (MonitoringStack) so they do not count
 * against the application stack's CloudFormation resource limit. Coverage is derived, not listed: every
 * Lambda function and SQS queue found in the monitored stacks when the construct is created gets its
 * alarms, so a new function or queue is watched without touching this file (and the CDK tests fail if one
 * is not). Every alarm notifies (and reports recovery to) one SNS topic with the stage's alarm e-mail.
 *
 * What is watched, and why at these levels:
 * - REST API, per route group (the methods integrated with the group's function): 5xx rate over 5 minutes
 *   (once there are enough requests to make a rate meaningful) and p99 latency. CloudWatch alarms take at
 *   most 10 metrics, so a group with many methods gets one alarm per slice of its methods.
 * - Every function: errors, throttles, and a maximum duration near (80% of) its timeout.
 * - Stream readers: iterator age (how far behind the table's stream the function is).
 * - Queues: an on-failure / dead-letter queue (of an event source, a function or an EventBridge target) with
 *   any message in it; any other queue whose oldest message
 *   waits too long.
 * - The table: read and write throttle events. SES: the account's bounce and complaint rates, below the
 *   levels at which SES puts sending under review (5% / 0.1%) and well below pausing it (10% / 0.5%).
 * - The WebSocket API: integration and execution errors (failed connects, disconnects and messages).
 */
import { CfnResource, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';

/** Thresholds; the CDK tests read the same values. */
export const THRESHOLDS = {
  period: Duration.minutes(5),
  /** API 5xx share of requests (%) in a period, once the slice has at least `apiMinRequests` requests. */
  api5xxPercent: 5,
  apiMinRequests: 20,
  /** p99 latency of a route group's slowest method (ms), for three periods running. */
  apiP99LatencyMs: 5_000,
  /** Maximum duration as a share of the function's timeout. */
  durationShareOfTimeout: 0.8,
  /** How far behind the table's stream a reader may fall (ms), for two periods running. */
  iteratorAgeMs: 5 * 60_000,
  /** Age of the oldest message of a work queue (s). */
  queueOldestMessageSeconds: 15 * 60,
  /** SES account reputation (fractions): review starts at 0.05 / 0.001, sending pauses at 0.10 / 0.005. */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
  /** WebSocket integration + execution errors in a period. */
  webSocketErrors: 5,
} as const;

/** Lambda's default timeout when a function declares none (s). */
const DEFAULT_TIMEOUT_SECONDS = 3;
/** CloudWatch alarms accept at most 10 metrics. */
const METRICS_PER_ALARM = 10;

export interface MonitoringProps {
  stage: string;
  alarmEmail: string;
  /** Stacks (or other scopes) whose functions and queues are watched; walked when this is created. */
  monitored: IConstruct[];
  restApi: apigw.RestApi;
  /** Each REST route group's function; the group's methods are those integrated with it. */
  routeGroups: Record<string, lambda.IFunction>;
  table: dynamodb.ITable;
  webSocket: { apiId: string; stageName: string };
}

interface WatchedFunction {
  resource: CfnResource;
  label: string;
  timeoutSeconds: number;
  readsStream: boolean;
}

interface WatchedQueue {
  resource: sqs.CfnQueue;
  label: string;
  /** An on-failure destination or dead-letter queue: any message in it is a failure. */
  failure: boolean;
}

interface ApiMethod {
  path: string;
  httpMethod: string;
}

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly props: MonitoringProps;
  private readonly action: cwActions.SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.props = props;

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `Questionnaire workspace (${props.stage}) alarms`,
      enforceSSL: true,
    });
    this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names, states and metric values, no customer data; CloudWatch ' +
        'cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed key per ' +
        'stage would cost more than the data it protects is worth.',
    });
    this.action = new cwActions.SnsAction(this.topic);

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `questionnaire-${props.stage}`,
      defaultInterval: Duration.hours(12),
    });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# Questionnaire workspace — ${props.stage}\nAlarms mail ${props.alarmEmail} (SNS topic ${this.topic.node.path}).`,
        width: 24,
        height: 2,
      }),
    );

    const { functions, queues } = this.discover();
    this.watchApi();
    this.watchFunctions(functions);
    this.watchQueues(queues);
    this.watchTable();
    this.watchEmail();
    this.watchWebSocket();

    // Every alarm's state at a glance (a widget shows at most 100 alarms).
    for (let i = 0; i < this.alarms.length; i += 100) {
      this.dashboard.addWidgets(
        new cloudwatch.AlarmStatusWidget({
          title: `Alarms (${i + 1}–${Math.min(i + 100, this.alarms.length)})`,
          alarms: this.alarms.slice(i, i + 100),
          width: 24,
          height: 8,
        }),
      );
    }
  }

  /** Every function and queue of the monitored scopes, and which of them are failure queues or stream readers. */
  private discover(): { functions: WatchedFunction[]; queues: WatchedQueue[] } {
    const all = this.props.monitored.flatMap((scope) => scope.node.findAll());
    const key = (construct: IConstruct, value: unknown) => JSON.stringify(Stack.of(construct).resolve(value));

    const failureTargets = new Set<string>();
    const streamReaders = new Set<string>();
    for (const c of all) {
      if (c instanceof lambda.CfnEventSourceMapping) {
        const destination = Stack.of(c).resolve(c.destinationConfig) as
          | { onFailure?: { destination?: unknown } }
          | undefined;
        const target = destination?.onFailure?.destination;
        if (target) failureTargets.add(JSON.stringify(target));
        if (/StreamArn|:stream\//.test(key(c, c.eventSourceArn))) streamReaders.add(key(c, c.functionName));
      }
      if (c instanceof sqs.CfnQueue && c.redrivePolicy) {
        const target = (Stack.of(c).resolve(c.redrivePolicy) as { deadLetterTargetArn?: unknown })
          .deadLetterTargetArn;
        if (target) failureTargets.add(JSON.stringify(target));
      }
      if (c instanceof lambda.CfnFunction && c.deadLetterConfig) {
        const target = (Stack.of(c).resolve(c.deadLetterConfig) as { targetArn?: unknown }).targetArn;
        if (target) failureTargets.add(JSON.stringify(target));
      }
      if (c instanceof events.CfnRule && c.targets) {
        // An EventBridge target's dead-letter queue (the mail events rule's).
        const ruleTargets = Stack.of(c).resolve(c.targets) as Array<{ deadLetterConfig?: { arn?: unknown } }>;
        for (const target of ruleTargets ?? [])
          if (target.deadLetterConfig?.arn) failureTargets.add(JSON.stringify(target.deadLetterConfig.arn));
      }
      if (c instanceof lambda.CfnEventInvokeConfig && c.destinationConfig) {
        const target = (Stack.of(c).resolve(c.destinationConfig) as { onFailure?: { destination?: unknown } })
          .onFailure?.destination;
        if (target) failureTargets.add(JSON.stringify(target));
      }
    }

    const functions: WatchedFunction[] = [];
    const queues: WatchedQueue[] = [];
    for (const c of all) {
      if (c instanceof CfnResource && c.cfnResourceType === 'AWS::Lambda::Function') {
        functions.push({
          resource: c,
          label: labelOf(c),
          timeoutSeconds: timeoutOf(c),
          readsStream: streamReaders.has(key(c, c.ref)),
        });
      }
      if (c instanceof sqs.CfnQueue) {
        queues.push({ resource: c, label: labelOf(c), failure: failureTargets.has(key(c, c.attrArn)) });
      }
    }
    return { functions, queues };
  }

  private alarm(id: string, props: cloudwatch.AlarmProps): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
      alarmName: `questionnaire-${this.props.stage}-${props.alarmName}`,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  /** The REST API's methods per route group, found through the function each method's integration calls. */
  apiMethodsByGroup(): Record<string, ApiMethod[]> {
    const { restApi, routeGroups } = this.props;
    const stack = Stack.of(restApi);
    const groupOf = new Map(
      Object.entries(routeGroups).map(([group, fn]) => [
        stack.getLogicalId(fn.node.defaultChild as lambda.CfnFunction),
        group,
      ]),
    );
    const byGroup: Record<string, ApiMethod[]> = Object.fromEntries(
      Object.keys(routeGroups).map((g) => [g, []]),
    );
    for (const c of restApi.node.findAll()) {
      if (!(c instanceof apigw.Method)) continue;
      const cfn = c.node.defaultChild as apigw.CfnMethod;
      const uri = JSON.stringify(stack.resolve(cfn.integration));
      const fnId = /"Fn::GetAtt":\["(\w+)","Arn"\]/.exec(uri)?.[1];
      const group = fnId && groupOf.get(fnId);
      if (group) byGroup[group].push({ path: c.resource.path, httpMethod: c.httpMethod });
    }
    for (const methods of Object.values(byGroup))
      methods.sort((a, b) => `${a.path} ${a.httpMethod}`.localeCompare(`${b.path} ${b.httpMethod}`));
    return byGroup;
  }

  private watchApi(): void {
    const { restApi } = this.props;
    // The literal stage name (the L2's stageName is a reference to the stage resource).
    const stageName =
      (restApi.deploymentStage.node.defaultChild as apigw.CfnStage).stageName ??
      restApi.deploymentStage.stageName;
    const metric = (m: ApiMethod, metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: {
          ApiName: restApi.restApiName,
          Stage: stageName,
          Resource: m.path,
          Method: m.httpMethod,
        },
        statistic,
        period: THRESHOLDS.period,
      });

    const widgets: cloudwatch.IWidget[] = [];
    for (const [group, methods] of Object.entries(this.apiMethodsByGroup())) {
      if (methods.length === 0) continue;
      const errorRates: cloudwatch.IMetric[] = [];
      const latencies: cloudwatch.IMetric[] = [];

      // 5xx rate: two metrics (errors, requests) per method.
      const errorSlices = slices(methods, METRICS_PER_ALARM / 2);
      errorSlices.forEach((slice, i) => {
        const usingMetrics: Record<string, cloudwatch.IMetric> = {};
        slice.forEach((m, j) => {
          usingMetrics[`s${i}e${j}`] = metric(m, '5XXError', 'Sum');
          usingMetrics[`s${i}n${j}`] = metric(m, 'Count', 'Sum');
        });
        // Methods without requests in a period have no data point: count them as 0.
        const total = (prefix: string) =>
          slice.length === 1
            ? `FILL(${prefix}0, 0)`
            : `SUM(FILL([${slice.map((_, j) => `${prefix}${j}`).join(',')}], 0))`;
        const errors = total(`s${i}e`);
        const requests = total(`s${i}n`);
        const suffix = errorSlices.length > 1 ? `-${i + 1}` : '';
        const rate = new cloudwatch.MathExpression({
          expression: `IF(${requests} >= ${THRESHOLDS.apiMinRequests}, 100 * ${errors} / ${requests}, 0)`,
          usingMetrics,
          label: `${group}${suffix} 5xx %`,
          period: THRESHOLDS.period,
        });
        this.alarm(`Api${pascal(group)}5xx${suffix}`, {
          alarmName: `api-${group}${suffix}-5xx-rate`,
          alarmDescription: `REST route group "${group}": more than ${THRESHOLDS.api5xxPercent}% of requests answered 5xx (${slice.map((m) => `${m.httpMethod} ${m.path}`).join(', ')})`,
          metric: rate,
          threshold: THRESHOLDS.api5xxPercent,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
        });
        errorRates.push(rate);
      });

      // p99 latency: the slowest method's p99 (percentiles of different metrics cannot be merged).
      const latencySlices = slices(methods, METRICS_PER_ALARM);
      latencySlices.forEach((slice, i) => {
        const suffix = latencySlices.length > 1 ? `-${i + 1}` : '';
        const p99 =
          slice.length === 1
            ? metric(slice[0], 'Latency', 'p99').with({ label: `${group}${suffix} p99 ms` })
            : new cloudwatch.MathExpression({
                expression: `MAX([${slice.map((_, j) => `s${i}l${j}`).join(',')}])`,
                usingMetrics: Object.fromEntries(
                  slice.map((m, j) => [`s${i}l${j}`, metric(m, 'Latency', 'p99')]),
                ),
                label: `${group}${suffix} p99 ms`,
                period: THRESHOLDS.period,
              });
        this.alarm(`Api${pascal(group)}P99${suffix}`, {
          alarmName: `api-${group}${suffix}-p99-latency`,
          alarmDescription: `REST route group "${group}": p99 latency above ${THRESHOLDS.apiP99LatencyMs} ms (${slice.map((m) => `${m.httpMethod} ${m.path}`).join(', ')})`,
          metric: p99,
          threshold: THRESHOLDS.apiP99LatencyMs,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 3,
        });
        latencies.push(p99);
      });

      widgets.push(
        new cloudwatch.GraphWidget({
          title: `API ${group}`,
          left: errorRates,
          leftYAxis: { label: '5xx %', min: 0, showUnits: false },
          right: latencies,
          rightYAxis: { label: 'p99 ms', min: 0, showUnits: false },
          leftAnnotations: [{ value: THRESHOLDS.api5xxPercent, label: '5xx alarm' }],
          width: 8,
        }),
      );
    }
    this.section('REST API per route group: 5xx rate and p99 latency', widgets);
  }

  private watchFunctions(functions: WatchedFunction[]): void {
    const widgets: cloudwatch.IWidget[] = [];
    const iteratorAges: cloudwatch.IMetric[] = [];
    for (const fn of functions) {
      const metric = (metricName: string, statistic: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName,
          dimensionsMap: { FunctionName: fn.resource.ref },
          statistic,
          period: THRESHOLDS.period,
          label: `${fn.label} ${metricName}`,
        });
      const id = constructId(fn.label);
      const errors = metric('Errors', 'Sum');
      const throttles = metric('Throttles', 'Sum');
      const duration = metric('Duration', 'Maximum');
      const nearTimeout = fn.timeoutSeconds * 1000 * THRESHOLDS.durationShareOfTimeout;
      this.alarm(`${id}Errors`, {
        alarmName: `fn-${fn.label}-errors`,
        alarmDescription: `${fn.label}: invocations failed`,
        metric: errors,
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
      this.alarm(`${id}Throttles`, {
        alarmName: `fn-${fn.label}-throttles`,
        alarmDescription: `${fn.label}: invocations throttled`,
        metric: throttles,
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
      this.alarm(`${id}Duration`, {
        alarmName: `fn-${fn.label}-near-timeout`,
        alarmDescription: `${fn.label}: an invocation ran over ${THRESHOLDS.durationShareOfTimeout * 100}% of its ${fn.timeoutSeconds} s timeout`,
        metric: duration,
        threshold: nearTimeout,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
      });
      if (fn.readsStream) {
        const age = metric('IteratorAge', 'Maximum');
        this.alarm(`${id}IteratorAge`, {
          alarmName: `fn-${fn.label}-stream-iterator-age`,
          alarmDescription: `${fn.label}: more than ${THRESHOLDS.iteratorAgeMs / 60_000} minutes behind the table's stream`,
          metric: age,
          threshold: THRESHOLDS.iteratorAgeMs,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 2,
        });
        iteratorAges.push(age);
      }
      widgets.push(
        new cloudwatch.GraphWidget({
          title: fn.label,
          left: [errors, throttles],
          right: [duration],
          rightAnnotations: [{ value: nearTimeout, label: 'near timeout' }],
          width: 6,
          height: 5,
        }),
      );
    }
    if (iteratorAges.length > 0) {
      widgets.unshift(
        new cloudwatch.GraphWidget({
          title: 'Table stream: iterator age (ms)',
          left: iteratorAges,
          leftAnnotations: [{ value: THRESHOLDS.iteratorAgeMs, label: 'alarm' }],
          width: 12,
        }),
      );
    }
    this.section('Functions: errors, throttles, duration; stream readers: iterator age', widgets);
  }

  private watchQueues(queues: WatchedQueue[]): void {
    const depths: cloudwatch.IMetric[] = [];
    const ages: cloudwatch.IMetric[] = [];
    for (const queue of queues) {
      const metric = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/SQS',
          metricName,
          dimensionsMap: { QueueName: queue.resource.attrQueueName },
          statistic: 'Maximum',
          period: THRESHOLDS.period,
          label: queue.label,
        });
      const id = constructId(queue.label);
      if (queue.failure) {
        const depth = metric('ApproximateNumberOfMessagesVisible');
        this.alarm(`${id}Depth`, {
          alarmName: `queue-${queue.label}-not-empty`,
          alarmDescription: `${queue.label}: records a consumer gave up on are waiting here`,
          metric: depth,
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
        });
        depths.push(depth);
      } else {
        const age = metric('ApproximateAgeOfOldestMessage');
        this.alarm(`${id}Age`, {
          alarmName: `queue-${queue.label}-backlog`,
          alarmDescription: `${queue.label}: the oldest message has waited over ${THRESHOLDS.queueOldestMessageSeconds / 60} minutes`,
          metric: age,
          threshold: THRESHOLDS.queueOldestMessageSeconds,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 2,
        });
        ages.push(age);
      }
    }
    const widgets: cloudwatch.IWidget[] = [];
    if (depths.length)
      widgets.push(
        new cloudwatch.GraphWidget({ title: 'Failure queues: messages', left: depths, width: 12 }),
      );
    if (ages.length)
      widgets.push(
        new cloudwatch.GraphWidget({ title: 'Work queues: oldest message (s)', left: ages, width: 12 }),
      );
    this.section('Queues', widgets);
  }

  private watchTable(): void {
    const { table } = this.props;
    const metric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName },
        statistic: 'Sum',
        period: THRESHOLDS.period,
      });
    const throttled = new cloudwatch.MathExpression({
      expression: 'FILL(r, 0) + FILL(w, 0)',
      usingMetrics: { r: metric('ReadThrottleEvents'), w: metric('WriteThrottleEvents') },
      label: 'Throttled reads + writes',
      period: THRESHOLDS.period,
    });
    this.alarm('TableThrottles', {
      alarmName: 'table-throttled-requests',
      alarmDescription: 'DynamoDB throttled reads or writes of the table in two periods running',
      metric: throttled,
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
    });
    this.section('Table', [
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttle events', left: [throttled], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [metric('ConsumedReadCapacityUnits'), metric('ConsumedWriteCapacityUnits')],
        width: 12,
      }),
    ]);
  }

  private watchEmail(): void {
    // SES judges (and pauses) the account on these account-wide rates.
    const rate = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic: 'Maximum',
        period: Duration.hours(1),
      });
    const bounce = rate('Reputation.BounceRate');
    const complaint = rate('Reputation.ComplaintRate');
    this.alarm('SesBounceRate', {
      alarmName: 'ses-bounce-rate',
      alarmDescription: `SES bounce rate above ${THRESHOLDS.sesBounceRate * 100}% (SES reviews the account at 5% and may pause sending at 10%)`,
      metric: bounce,
      threshold: THRESHOLDS.sesBounceRate,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
    this.alarm('SesComplaintRate', {
      alarmName: 'ses-complaint-rate',
      alarmDescription: `SES complaint rate above ${THRESHOLDS.sesComplaintRate * 100}% (SES reviews the account at 0.1% and may pause sending at 0.5%)`,
      metric: complaint,
      threshold: THRESHOLDS.sesComplaintRate,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
    this.section('E-mail', [
      new cloudwatch.GraphWidget({
        title: 'SES bounce rate',
        left: [bounce],
        leftAnnotations: [{ value: THRESHOLDS.sesBounceRate, label: 'alarm' }],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'SES complaint rate',
        left: [complaint],
        leftAnnotations: [{ value: THRESHOLDS.sesComplaintRate, label: 'alarm' }],
        width: 12,
      }),
    ]);
  }

  private watchWebSocket(): void {
    const { apiId, stageName } = this.props.webSocket;
    const metric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: apiId, Stage: stageName },
        statistic: 'Sum',
        period: THRESHOLDS.period,
      });
    const errors = new cloudwatch.MathExpression({
      expression: 'FILL(i, 0) + FILL(x, 0)',
      usingMetrics: { i: metric('IntegrationError'), x: metric('ExecutionError') },
      label: 'WebSocket integration + execution errors',
      period: THRESHOLDS.period,
    });
    this.alarm('WebSocketErrors', {
      alarmName: 'websocket-connection-errors',
      alarmDescription: `WebSocket API: ${THRESHOLDS.webSocketErrors} or more failed connects, disconnects or messages in ${THRESHOLDS.period.toMinutes()} minutes`,
      metric: errors,
      threshold: THRESHOLDS.webSocketErrors,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
    this.section('WebSocket', [
      new cloudwatch.GraphWidget({ title: 'WebSocket errors', left: [errors], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'WebSocket connects and messages',
        left: [metric('ConnectCount'), metric('MessageCount'), metric('ClientError')],
        width: 12,
      }),
    ]);
  }

  private section(title: string, widgets: cloudwatch.IWidget[]): void {
    if (widgets.length === 0) return;
    this.dashboard.addWidgets(new cloudwatch.TextWidget({ markdown: `## ${title}`, width: 24, height: 1 }));
    // Rows of widgets, 24 units wide.
    let row: cloudwatch.IWidget[] = [];
    let width = 0;
    for (const widget of widgets) {
      if (width + widget.width > 24) {
        this.dashboard.addWidgets(...row);
        row = [];
        width = 0;
      }
      row.push(widget);
      width += widget.width;
    }
    if (row.length) this.dashboard.addWidgets(...row);
  }
}

export interface MonitoringStackProps extends StackProps, MonitoringProps {}

/** The stage's alarms, their topic and its dashboard. */
export class MonitoringStack extends Stack {
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.monitoring = new Monitoring(this, 'Monitoring', props);
  }
}

/** A construct's path inside its stack, naming the L2 construct rather than its `Resource` child. */
function labelOf(resource: CfnResource): string {
  const named = resource.node.id === 'Resource' && resource.node.scope ? resource.node.scope : resource;
  const stackPath = Stack.of(resource).node.path;
  return named.node.path
    .slice(stackPath.length + 1)
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function timeoutOf(resource: CfnResource): number {
  if (resource instanceof lambda.CfnFunction) return resource.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  // Functions of CDK's custom-resource providers are plain CfnResources.
  const properties = Stack.of(resource).resolve(
    (resource as unknown as { _cfnProperties?: { Timeout?: number } })._cfnProperties,
  ) as { Timeout?: number } | undefined;
  return properties?.Timeout ?? DEFAULT_TIMEOUT_SECONDS;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const constructId = (label: string) => label.split('-').map(pascal).join('');

function slices<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
