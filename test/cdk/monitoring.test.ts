/**
 * The monitoring stack: every Lambda function and SQS queue of the application stack has its alarms
 * (found in the synthesised templates, so a new function or queue without them fails here), the REST API
 * is watched per route group, the stream readers, table, SES reputation and WebSocket API have theirs,
 * every alarm mails the stage's alarm address through one SNS topic, and one dashboard shows them all.
 */
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, CLOUDFORMATION_RESOURCE_LIMIT, monitoringStackName } from '../../lib/app';
import { loadStageConfig, STAGE_NAMES } from '../../lib/config/stages';
import { MonitoringStack, THRESHOLDS } from '../../lib/constructs/monitoring';
import { ROUTE_GROUPS } from '../../shared/routes';
import {
  apiResourcePaths,
  applicationTemplate,
  fakeWebDist,
  integratedFunction,
  NO_BUNDLING,
  ofType,
  type Properties,
  type Resource,
  type Resources,
  synthCheap,
  synthDev,
  tempDir,
} from './support';

interface StackTemplate {
  Resources: Resources;
  Outputs?: Record<string, { Value: unknown }>;
}

interface AlarmMetric {
  namespace: string;
  metricName: string;
  stat: string;
  dimensions: Record<string, unknown>;
}

const templateOf = (stack: Stack) => Template.fromStack(stack).toJSON() as StackTemplate;

/**
 * The logical id a value refers to in the application stack: a Ref or Fn::GetAtt there, reached from the
 * monitoring stack through the application stack's output (Fn::GetStackOutput, weak references).
 */
function targetOf(value: unknown, producer: StackTemplate): string | undefined {
  const node = value as Record<string, unknown> | undefined;
  if (!node || typeof node !== 'object') return undefined;
  if (typeof node.Ref === 'string') return node.Ref;
  if (Array.isArray(node['Fn::GetAtt'])) return node['Fn::GetAtt'][0] as string;
  const output = node['Fn::GetStackOutput'] as { OutputName?: string } | undefined;
  if (output?.OutputName) return targetOf(producer.Outputs?.[output.OutputName]?.Value, producer);
  return undefined;
}

/** Every metric an alarm reads (one, or those of its math expression). */
function metricsOf(alarm: Properties): AlarmMetric[] {
  const dims = (list?: { Name: string; Value: unknown }[]) =>
    Object.fromEntries((list ?? []).map((d) => [d.Name, d.Value]));
  if (alarm.MetricName) {
    return [
      {
        namespace: alarm.Namespace,
        metricName: alarm.MetricName,
        stat: alarm.Statistic ?? alarm.ExtendedStatistic,
        dimensions: dims(alarm.Dimensions),
      },
    ];
  }
  return (alarm.Metrics as { MetricStat?: Properties }[])
    .filter((m) => m.MetricStat)
    .map(({ MetricStat }) => ({
      namespace: MetricStat?.Metric.Namespace,
      metricName: MetricStat?.Metric.MetricName,
      stat: MetricStat?.Stat,
      dimensions: dims(MetricStat?.Metric.Dimensions),
    }));
}

const expressionOf = (alarm: Properties) =>
  ((alarm.Metrics ?? []) as { Expression?: string; ReturnData?: boolean }[]).find(
    (m) => m.Expression && m.ReturnData !== false,
  )?.Expression;

/** The alarms (properties) that read `metricName` of `namespace` with `dimension` pointing at `target`. */
function alarmsOn(
  alarms: Properties[],
  producer: StackTemplate,
  namespace: string,
  metricName: string,
  dimension: string,
  target: string,
): Properties[] {
  return alarms.filter((alarm) =>
    metricsOf(alarm).some(
      (m) =>
        m.namespace === namespace &&
        m.metricName === metricName &&
        targetOf(m.dimensions[dimension], producer) === target,
    ),
  );
}

/**
 * What lacks its alarms: each Lambda function its errors, throttles and duration alarms, each queue an
 * alarm on its depth or age. An empty list means every function and queue is covered.
 */
function uncovered(producer: StackTemplate, monitoring: StackTemplate): string[] {
  const alarms = ofType(monitoring.Resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const missing: string[] = [];
  for (const [id] of ofType(producer.Resources, 'AWS::Lambda::Function')) {
    for (const metric of ['Errors', 'Throttles', 'Duration'])
      if (alarmsOn(alarms, producer, 'AWS/Lambda', metric, 'FunctionName', id).length === 0)
        missing.push(`${id} ${metric}`);
  }
  for (const [id] of ofType(producer.Resources, 'AWS::SQS::Queue')) {
    const watched = ['ApproximateNumberOfMessagesVisible', 'ApproximateAgeOfOldestMessage'].some(
      (metric) => alarmsOn(alarms, producer, 'AWS/SQS', metric, 'QueueName', id).length > 0,
    );
    if (!watched) missing.push(`${id} queue`);
  }
  return missing;
}

let app: StackTemplate;
let monitoring: StackTemplate;
let alarms: [string, Resource][];
beforeAll(() => {
  const synth = synthDev();
  const stack = synth.app.node.children.find((c): c is MonitoringStack => c instanceof MonitoringStack);
  if (!stack) throw new Error('no monitoring stack in the app');
  // The application stack with its background nested stack (support.ts applicationTemplate): the
  // monitoring stack reads the nested stack's functions and queues through the parent's outputs.
  app = synth.appTemplate;
  monitoring = templateOf(stack);
  alarms = ofType(monitoring.Resources, 'AWS::CloudWatch::Alarm');
});

const alarmProps = () => alarms.map(([, a]) => a.Properties);

/** Each of these queues (logical ids) has an alarm that fires on its first visible message. */
function expectAlarmOnAnyMessage(queueIds: string[]) {
  for (const id of queueIds) {
    const [alarm] = alarmsOn(
      alarmProps(),
      app,
      'AWS/SQS',
      'ApproximateNumberOfMessagesVisible',
      'QueueName',
      id,
    );
    expect(alarm, id).toBeDefined();
    expect(alarm.Threshold, id).toBe(0);
    expect(alarm.ComparisonOperator, id).toBe('GreaterThanThreshold');
  }
}

describe('monitoring: coverage', () => {
  it('gives every Lambda function and every SQS queue of the application stack its alarms', () => {
    // Prepare: the functions and queues that exist (so an empty template cannot pass), the nested
    // stack's among them.
    expect(ofType(app.Resources, 'AWS::Lambda::Function').length).toBeGreaterThan(15);
    expect(ofType(app.Resources, 'AWS::SQS::Queue').length).toBeGreaterThan(1);
    const nested = synthDev().backgroundResources;
    expect(ofType(nested, 'AWS::Lambda::Function').length).toBeGreaterThan(5);
    expect(ofType(nested, 'AWS::SQS::Queue').length).toBeGreaterThan(5);
    for (const [id] of [...ofType(nested, 'AWS::Lambda::Function'), ...ofType(nested, 'AWS::SQS::Queue')])
      expect(app.Resources[id], id).toBeDefined();

    // Act / Assess
    expect(uncovered(app, monitoring)).toEqual([]);
  });

  it('reports a function or queue added without alarms (the check bites)', () => {
    // Prepare: a stage, then a function and a queue added after its monitoring stack was built.
    const built = buildApp('dev', {
      outdir: tempDir('late'),
      webDistDir: fakeWebDist(),
      context: NO_BUNDLING,
      nag: false,
      cfnValidation: false,
      // What this adds is about alarms, not the budget (nag.test.ts checks that).
      resourceBudget: CLOUDFORMATION_RESOURCE_LIMIT,
    });
    const late = new lambda.Function(built.stack, 'LateFunction', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {}'),
    });
    const queue = new sqs.Queue(built.stack, 'LateQueue', { enforceSSL: true });

    // Act
    const missing = uncovered(
      applicationTemplate(templateOf(built.stack), templateOf(built.stack.background)),
      templateOf(built.monitoring),
    );

    // Assess
    const lateId = built.stack.getLogicalId(late.node.defaultChild as lambda.CfnFunction);
    const queueId = built.stack.getLogicalId(queue.node.defaultChild as sqs.CfnQueue);
    expect(missing.sort()).toEqual(
      [`${lateId} Duration`, `${lateId} Errors`, `${lateId} Throttles`, `${queueId} queue`].sort(),
    );
  }, 180_000);

  it('alarms when a function runs close to its own timeout', () => {
    const props = alarmProps();
    for (const [id, fn] of ofType(app.Resources, 'AWS::Lambda::Function')) {
      const timeout = (fn.Properties.Timeout as number | undefined) ?? 3;
      const [alarm] = alarmsOn(props, app, 'AWS/Lambda', 'Duration', 'FunctionName', id);
      expect(
        metricsOf(alarm).map((m) => m.stat),
        id,
      ).toEqual(['Maximum']);
      expect(alarm.Threshold, id).toBe(timeout * 1000 * THRESHOLDS.durationShareOfTimeout);
      expect(alarm.ComparisonOperator, id).toBe('GreaterThanThreshold');
    }
  });

  it('alarms on any message in an on-failure queue or a dead-letter queue', () => {
    // The stream dispatcher's on-failure queue, and each stream consumer queue's dead-letter queue.
    const onFailure = ofType(app.Resources, 'AWS::Lambda::EventSourceMapping')
      .map(([, m]) => targetOf(m.Properties.DestinationConfig?.OnFailure?.Destination, app))
      .filter((id): id is string => id !== undefined);
    const deadLetters = ofType(app.Resources, 'AWS::SQS::Queue')
      .map(([, q]) => targetOf(q.Properties.RedrivePolicy?.deadLetterTargetArn, app))
      .filter((id): id is string => id !== undefined);
    expect(onFailure).toHaveLength(1);
    expect(deadLetters.length).toBeGreaterThanOrEqual(5);
    expectAlarmOnAnyMessage([...onFailure, ...deadLetters]);
  });

  it("alarms on any message in an EventBridge target's dead-letter queue (the mail events rule's)", () => {
    const deadLetterQueues = ofType(app.Resources, 'AWS::Events::Rule')
      .flatMap(
        ([, rule]) => (rule.Properties.Targets ?? []) as Array<{ DeadLetterConfig?: { Arn?: unknown } }>,
      )
      .map((target) => targetOf(target.DeadLetterConfig?.Arn, app))
      .filter((id): id is string => id !== undefined);
    expect(deadLetterQueues.length).toBeGreaterThan(0);
    expectAlarmOnAnyMessage(deadLetterQueues);
  });

  it("alarms when a reader of the table's stream falls behind", () => {
    const readers = ofType(app.Resources, 'AWS::Lambda::EventSourceMapping')
      .filter(([, m]) => JSON.stringify(m.Properties.EventSourceArn).includes('StreamArn'))
      .map(([, m]) => targetOf(m.Properties.FunctionName, app) as string);
    expect(readers.length).toBeGreaterThan(0);
    for (const id of readers) {
      const [alarm] = alarmsOn(alarmProps(), app, 'AWS/Lambda', 'IteratorAge', 'FunctionName', id);
      expect(alarm, id).toBeDefined();
      expect(alarm.Threshold, id).toBe(THRESHOLDS.iteratorAgeMs);
    }
  });
});

describe('monitoring: REST API per route group', () => {
  /** `METHOD /path` of every API method, by route group (through the function its integration calls). */
  const methodsByGroup = () => {
    const paths = apiResourcePaths(app.Resources);
    const groupOfFunction = new Map(
      ofType(app.Resources, 'AWS::Lambda::Function').flatMap(([id, fn]) => {
        const match = /^REST route group "(\w+)"$/.exec(fn.Properties.Description ?? '');
        return match ? [[id, match[1]] as const] : [];
      }),
    );
    const byGroup = new Map<string, Set<string>>();
    for (const [, method] of ofType(app.Resources, 'AWS::ApiGateway::Method')) {
      const { Integration, HttpMethod, ResourceId } = method.Properties;
      if (!Integration?.Uri) continue;
      const group = groupOfFunction.get(integratedFunction(Integration.Uri));
      if (!group) continue;
      const path = ResourceId.Ref ? paths.get(ResourceId.Ref) : '/';
      const set = byGroup.get(group) ?? new Set<string>();
      set.add(`${HttpMethod} ${path}`);
      byGroup.set(group, set);
    }
    return byGroup;
  };

  /** For each alarm reading `metricName` of the REST API, the `METHOD /path` it reads. */
  const apiAlarms = (metricName: string) =>
    alarmProps()
      .map((alarm) => ({
        alarm,
        methods: metricsOf(alarm)
          .filter((m) => m.namespace === 'AWS/ApiGateway' && m.metricName === metricName)
          .map((m) => `${m.dimensions.Method} ${m.dimensions.Resource}`),
      }))
      .filter(({ methods }) => methods.length > 0);

  it('watches the 5xx rate of every method of every route group, one group per alarm', () => {
    const byGroup = methodsByGroup();
    expect([...byGroup.keys()].sort()).toEqual([...ROUTE_GROUPS].sort());
    const restApi = ofType(app.Resources, 'AWS::ApiGateway::RestApi')[0][1];
    for (const [group, methods] of byGroup) {
      const groupAlarms = apiAlarms('5XXError').filter(({ methods: m }) => methods.has(m[0]));
      const watched = groupAlarms.flatMap(({ methods: m }) => m);
      expect(new Set(watched), group).toEqual(methods);
      for (const { alarm, methods: m } of groupAlarms) {
        // Only this group's methods, each with its request count, within CloudWatch's 10 metrics.
        expect(
          m.every((x) => methods.has(x)),
          group,
        ).toBe(true);
        expect(metricsOf(alarm).length, group).toBeLessThanOrEqual(10);
        expect(metricsOf(alarm).filter((x) => x.metricName === 'Count')).toHaveLength(m.length);
        for (const metric of metricsOf(alarm)) {
          expect(metric.dimensions.ApiName).toBe(restApi.Properties.Name);
          expect(metric.dimensions.Stage).toBe('dev');
        }
        expect(expressionOf(alarm)).toContain(`>= ${THRESHOLDS.apiMinRequests}`);
        expect(alarm.Threshold).toBe(THRESHOLDS.api5xxPercent);
      }
    }
  });

  it('watches the p99 latency of every method of every route group', () => {
    for (const [group, methods] of methodsByGroup()) {
      const groupAlarms = apiAlarms('Latency').filter(({ methods: m }) => methods.has(m[0]));
      expect(new Set(groupAlarms.flatMap(({ methods: m }) => m)), group).toEqual(methods);
      for (const { alarm, methods: m } of groupAlarms) {
        expect(
          m.every((x) => methods.has(x)),
          group,
        ).toBe(true);
        for (const metric of metricsOf(alarm)) expect(metric.stat, group).toBe('p99');
        expect(alarm.Threshold).toBe(THRESHOLDS.apiP99LatencyMs);
      }
    }
  });
});

describe('monitoring: table, e-mail, WebSocket', () => {
  it("alarms on the table's throttled reads and writes", () => {
    const [tableId] = ofType(app.Resources, 'AWS::DynamoDB::Table')[0];
    for (const metric of ['ReadThrottleEvents', 'WriteThrottleEvents'])
      expect(alarmsOn(alarmProps(), app, 'AWS/DynamoDB', metric, 'TableName', tableId), metric).toHaveLength(
        1,
      );
  });

  it('alarms on the SES bounce and complaint rates below the levels at which SES reviews sending', () => {
    const ses = (metricName: string) =>
      alarmProps().filter((a) => a.Namespace === 'AWS/SES' && a.MetricName === metricName);
    const [bounce] = ses('Reputation.BounceRate');
    const [complaint] = ses('Reputation.ComplaintRate');
    expect(bounce.Threshold).toBe(THRESHOLDS.sesBounceRate);
    expect(bounce.Threshold).toBeLessThan(0.05);
    expect(complaint.Threshold).toBe(THRESHOLDS.sesComplaintRate);
    expect(complaint.Threshold).toBeLessThan(0.001);
  });

  it('alarms on WebSocket integration and execution errors of the ws stage', () => {
    const [apiId] = ofType(app.Resources, 'AWS::ApiGatewayV2::Api')[0];
    for (const metric of ['IntegrationError', 'ExecutionError']) {
      const [alarm] = alarmsOn(alarmProps(), app, 'AWS/ApiGateway', metric, 'ApiId', apiId);
      expect(alarm, metric).toBeDefined();
      expect(metricsOf(alarm).every((m) => m.dimensions.Stage === 'ws')).toBe(true);
    }
  });
});

describe('monitoring: notifications and dashboard', () => {
  it("mails every alarm (and its recovery) to the stage's alarm address through one topic", () => {
    const [topicId] = ofType(monitoring.Resources, 'AWS::SNS::Topic')[0];
    const subscriptions = ofType(monitoring.Resources, 'AWS::SNS::Subscription').map(([, s]) => s.Properties);
    expect(subscriptions).toEqual([
      expect.objectContaining({
        Protocol: 'email',
        Endpoint: loadStageConfig('dev').alarmEmail,
        TopicArn: { Ref: topicId },
      }),
    ]);
    expect(alarms.length).toBeGreaterThan(50);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.AlarmName, id).toMatch(/^questionnaire-dev-/);
    }
  });

  it('has one dashboard for the stage that shows every alarm', () => {
    const dashboards = ofType(monitoring.Resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [, dashboard] = dashboards[0];
    expect(dashboard.Properties.DashboardName).toBe('questionnaire-dev');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const [id] of alarms) expect(body, id).toContain(`{"Fn::GetAtt":["${id}","Arn"]}`);
  });

  it('builds the same for prod, mailing prod’s address from its own dashboard', () => {
    // Prepare / Act
    const prod = synthCheap('prod', { nag: false });
    const producer = prod.appTemplate;
    const template = templateOf(prod.monitoring);

    // Assess
    expect(prod.monitoring.stackName).toBe(monitoringStackName('prod'));
    expect(prod.monitoring.region).toBe(prod.stack.region);
    const [subscription] = ofType(template.Resources, 'AWS::SNS::Subscription');
    expect(subscription[1].Properties.Endpoint).toBe(loadStageConfig('prod').alarmEmail);
    const [dashboard] = ofType(template.Resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboard[1].Properties.DashboardName).toBe('questionnaire-prod');
    expect(uncovered(producer, template)).toEqual([]);
    for (const [, alarm] of ofType(template.Resources, 'AWS::CloudWatch::Alarm'))
      expect(alarm.Properties.AlarmName).toMatch(/^questionnaire-prod-/);
  }, 180_000);

  it('has an alarm address for every stage and rejects one that is not an address', () => {
    for (const stage of STAGE_NAMES) expect(loadStageConfig(stage).alarmEmail).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(() => loadStageConfig('dev', { alarmEmail: 'ops team' })).toThrow(/alarmEmail/);
  });
});
