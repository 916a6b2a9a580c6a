/**
 * The Lambdas that are not REST route groups, with the AWS access each needs (route groups declare
 * theirs in shared/routes/<group>.ts). CDK grants each exactly its declaration.
 */
import type { FunctionAccess } from './routes/route';

export interface BackgroundFunction {
  /** Entry file relative to the repository root; it exports `handler`. */
  entry: string;
  description: string;
  access: FunctionAccess;
  /**
   * A job driven by the table's stream: the stream dispatcher (streamDispatcher below, the one reader
   * of the stream) sends it, through a queue of its own, the changes whose new item matches one of
   * its triggers (this entity with this string attribute value; shared/stream-routing.ts); it takes
   * them one message at a time. The local runner does the same.
   */
  job?: {
    triggers: ReadonlyArray<{ entity: string; attribute: string; value: string }>;
    memoryMb: number;
    timeoutSeconds: number;
    /** A heavy job: at most this many run at once (the queue's event source maximum concurrency, ≥ 2). */
    maxConcurrency?: number;
  };
  /** Run on a timer: an EventBridge rule on AWS, an interval in the local runner. */
  schedule?: { everyMinutes: number; timeoutSeconds: number };
}

export const BACKGROUND_FUNCTIONS = {
  websocket: {
    entry: 'functions/websocket/handler.ts',
    description: 'WebSocket $connect, $disconnect and $default',
    access: { table: 'readwrite', connections: true },
  },
  streamDispatcher: {
    entry: 'functions/dispatcher/handler.ts',
    description:
      "The one reader of the table's stream: sends each change to the reactions' queue and to the queue of each job it triggers",
    // Sends to the consumers' queues only; an oversized record's body is written under
    // stream-records/ of the uploads bucket (nothing else of it), and read by the consumer.
    access: { streamQueues: 'send', streamRecords: 'write' },
  },
  reactions: {
    entry: 'functions/reactions/handler.ts',
    description: "Reactions to the table's stream: live events, notifications, e-mail",
    access: { table: 'readwrite', email: true, connections: true, replySigning: true, uploads: 'readwrite' },
  },
  inboundMail: {
    entry: 'functions/discussion/inbound-mail.ts',
    description: 'Replies to comment e-mails, received by SES into the inbound bucket, posted as comments',
    access: { table: 'readwrite', inboundMail: 'read', replySigning: true },
  },
  sourceProcessor: {
    entry: 'functions/sources/processor.ts',
    description:
      "Reads an accepted questionnaire file (sheets or document), detects its layout, marks it READY or FAILED; creates a large sheet's questions; compares and applies new versions",
    access: { table: 'readwrite', uploads: 'readwrite' },
    job: {
      triggers: [
        // A file accepted by `complete`.
        { entity: 'source', attribute: 'status', value: 'PROCESSING' },
        // A sheet saved with more questions than one request creates (see functions/sources/configure.ts).
        { entity: 'sourceSheet', attribute: 'applyState', value: 'APPLYING' },
        // A new version of a questionnaire to compare with its previous file, or to apply (functions/sources/versions).
        { entity: 'source', attribute: 'versionState', value: 'COMPARING' },
        { entity: 'source', attribute: 'versionState', value: 'APPLYING' },
      ],
      memoryMb: 2048,
      timeoutSeconds: 900,
      maxConcurrency: 2,
    },
  },
  libraryFileReader: {
    entry: 'functions/library/library-file-job.ts',
    description:
      "Reads a file accepted by the library importer (the zip guard, then its sheets' cells), marks it READY or FAILED",
    access: { table: 'readwrite', uploads: 'readwrite' },
    job: {
      triggers: [{ entity: 'libraryFile', attribute: 'status', value: 'PROCESSING' }],
      // The worst file the zip guard lets through peaks under 512 MB (npm run bench).
      memoryMb: 1024,
      timeoutSeconds: 300,
      maxConcurrency: 2,
    },
  },
  autofill: {
    entry: 'functions/library/autofill-job.ts',
    description:
      "Fill from library: proposes the library's best answer for each unanswered question of a project, fills the confident ones as drafts; computes the library's gap list",
    // Writes the gap list's object (library-gaps/).
    access: { table: 'readwrite', uploads: 'readwrite' },
    job: {
      triggers: [
        { entity: 'autofillRun', attribute: 'status', value: 'QUEUED' },
        { entity: 'libraryGaps', attribute: 'status', value: 'QUEUED' },
      ],
      memoryMb: 2048,
      timeoutSeconds: 900,
      maxConcurrency: 2,
    },
  },
  consistencyCheck: {
    entry: 'functions/library/consistency/job.ts',
    description:
      "Checks a checked project's answers again for contradictions (with each other and with the library) when they change",
    access: { table: 'readwrite', streamRecords: 'read' },
    job: {
      triggers: [{ entity: 'consistencyCheck', attribute: 'recheck', value: 'QUEUED' }],
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  libraryHealth: {
    entry: 'functions/library/health/job.ts',
    description:
      "Library health: finds the library's near-duplicate questions and the conflicts among their answers, once a burst of changes settles",
    // The bucket only for an oversized stream record.
    access: { table: 'readwrite', streamRecords: 'read' },
    job: {
      triggers: [{ entity: 'libraryHealth', attribute: 'status', value: 'QUEUED' }],
      // A 20,000-answer library is checked in about 15 s with 420 MB of heap (npm run bench -- --only health).
      memoryMb: 2048,
      timeoutSeconds: 300,
    },
  },
  insightsExport: {
    entry: 'functions/insights/export-job.ts',
    description: 'Writes an Insights export (every matching answered question) as CSV to the uploads bucket',
    access: { table: 'readwrite', uploads: 'readwrite' },
    job: {
      triggers: [{ entity: 'insightsExport', attribute: 'status', value: 'QUEUED' }],
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  webhookSender: {
    entry: 'functions/integrations/sender-job.ts',
    description:
      'Sends each webhook delivery that is due (signed, through the public-address guard) and records how it went',
    // The bucket only for an oversized stream record.
    access: { table: 'readwrite', streamRecords: 'read' },
    job: {
      triggers: [{ entity: 'webhookDelivery', attribute: 'status', value: 'PENDING' }],
      // One HTTP attempt of at most 10 seconds a record.
      memoryMb: 256,
      timeoutSeconds: 30,
    },
  },
  mailEvents: {
    entry: 'functions/mail-events/handler.ts',
    description:
      "SES bounce, complaint, delivery-delay, reject and delivery events of the configuration set: each address's state, so sending to one that bounces stops",
    access: { table: 'readwrite' },
  },
  documentExpiry: {
    entry: 'functions/documents/expiry-job.ts',
    description:
      'Records the expiry notices that are due (30 days before a document expires, and on the day); the stream sends them',
    access: { table: 'readwrite' },
    schedule: { everyMinutes: 60, timeoutSeconds: 300 },
  },
  libraryReviewDue: {
    entry: 'functions/library/review/due-job.ts',
    description:
      'Moves library answers whose review-by day has come to Needs Review, once; the stream tells their owners',
    access: { table: 'readwrite' },
    schedule: { everyMinutes: 60, timeoutSeconds: 300 },
  },
  webhookRetries: {
    entry: 'functions/integrations/retry-job.ts',
    description:
      'Puts webhook deliveries whose retry is due back on their way; the stream hands them to the sender',
    access: { table: 'readwrite' },
    schedule: { everyMinutes: 1, timeoutSeconds: 60 },
  },
  libraryReviewDigest: {
    entry: 'functions/library/review/digest-job.ts',
    description: "Records each owner's weekly digest of library answers due for review; the stream sends it",
    access: { table: 'readwrite' },
    schedule: { everyMinutes: 7 * 24 * 60, timeoutSeconds: 300 },
  },
} as const satisfies Record<string, BackgroundFunction>;

/**
 * The entities (ElectroDB `__edb_e__`) whose changes the reactions function handles; the stream
 * dispatcher sends it only changes of these (shared/stream-routing.ts), so other writes never invoke it.
 */
export const REACTION_ENTITIES = [
  'membership',
  'user',
  'notification',
  'project',
  'question',
  'comment',
  'questionActivity',
  'source',
  'sourceSheet',
  'sourceDocument',
  'libraryAnswer',
  'answerCandidate',
  'autofillRun',
  'consistencyCheck',
  'libraryHealth',
  'libraryGaps',
  'document',
  'documentLink',
  'quizInvite',
  'team',
  'answerReviewDigest',
  'webhook',
] as const;
export type ReactionEntity = (typeof REACTION_ENTITIES)[number];
