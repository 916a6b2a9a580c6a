/**
 * A project's dashboard aggregates (functions/common/entities/project-stats.ts) follow its
 * questions: each change adds what the new image counts for and subtracts what the old one did,
 * so the aggregates always equal a recount, whatever order or mix of changes arrives.
 */
import { NOBODY, type QuestionItem, reviewedWork } from '../common/entities';

export type Counts = Record<string, number>;

export interface StatsDelta {
  total: number;
  byClassification: Counts;
  assigned: Counts;
  completed: Counts;
  started: Counts;
  activity: Counts;
  remainingDelta: Counts;
  libraryDrafts: Counts;
  /** Questions whose cited evidence expired, by assignee. */
  evidenceExpired: Counts;
  /** assignee → time of their latest change. */
  lastUpdate: Record<string, string>;
}

export const emptyDelta = (): StatsDelta => ({
  total: 0,
  byClassification: {},
  assigned: {},
  completed: {},
  started: {},
  activity: {},
  remainingDelta: {},
  libraryDrafts: {},
  evidenceExpired: {},
  lastUpdate: {},
});

type QuestionImage = Pick<
  QuestionItem,
  | 'responseStatus'
  | 'responseClassification'
  | 'assignedToUserId'
  | 'isLinked'
  | 'deletedAt'
  | 'answer'
  | 'includeInLibrary'
  | 'creationType'
  | 'libraryDraft'
  | 'evidenceExpired'
>;

/** Whether a question counts at all: linked to its source and not deleted. */
export const counts = (q: QuestionImage | undefined): q is QuestionImage =>
  Boolean(q) && q?.isLinked !== false && !q?.deletedAt;

const bump = (map: Counts, key: string, by: number) => {
  if (by === 0) return;
  const next = (map[key] ?? 0) + by;
  if (next === 0) delete map[key];
  else map[key] = next;
};

function addImage(delta: StatsDelta, q: QuestionImage | undefined, sign: 1 | -1, day: string) {
  if (!counts(q)) return;
  const assignee = q.assignedToUserId || NOBODY;
  delta.total += sign;
  bump(delta.byClassification, q.responseClassification, sign);
  bump(delta.assigned, assignee, sign);
  if (q.responseStatus === 'COMPLETE') bump(delta.completed, assignee, sign);
  if (q.responseStatus !== 'INCOMPLETE') bump(delta.started, assignee, sign);
  if (q.responseStatus !== 'COMPLETE') bump(delta.remainingDelta, day, sign);
  if (q.libraryDraft) bump(delta.libraryDrafts, assignee, sign);
  if (q.evidenceExpired?.length) bump(delta.evidenceExpired, assignee, sign);
}

const WORK_FIELDS = [
  'answer',
  'responseClassification',
  'responseStatus',
  'includeInLibrary',
  'assignedToUserId',
] as const;

/** A change someone made to the work on a question (not an import or a re-link). */
function isContribution(before: QuestionImage | undefined, after: QuestionImage | undefined) {
  if (!after || !counts(after)) return false;
  if (!before) return after.creationType === 'MANUAL';
  return WORK_FIELDS.some((f) => before[f] !== after[f]);
}

/**
 * What one change of a question does to its project's aggregates. An autofill draft counts as the
 * unanswered question it still is (reviewedWork) until someone accepts or saves it: that review is
 * the contribution, and then the tiles count its classification.
 */
export function questionDelta(
  beforeImage: QuestionImage | undefined,
  afterImage: QuestionImage | undefined,
  at: Date,
): StatsDelta {
  const before = beforeImage && reviewedWork(beforeImage);
  const after = afterImage && reviewedWork(afterImage);
  const day = at.toISOString().slice(0, 10);
  const delta = emptyDelta();
  addImage(delta, after, 1, day);
  addImage(delta, before, -1, day);
  if (isContribution(before, after)) {
    bump(delta.activity, day, 1);
    const time = at.toISOString();
    delta.lastUpdate[after?.assignedToUserId || NOBODY] = time;
    if (before && counts(before) && before.assignedToUserId !== after?.assignedToUserId) {
      delta.lastUpdate[before.assignedToUserId || NOBODY] = time;
    }
  }
  return delta;
}

const COUNT_MAPS = [
  'byClassification',
  'assigned',
  'completed',
  'started',
  'activity',
  'remainingDelta',
  'libraryDrafts',
  'evidenceExpired',
] as const;

/** Two deltas as one (a batch of changes to one project is applied in one write). */
export function mergeDeltas(a: StatsDelta, b: StatsDelta): StatsDelta {
  const merged = emptyDelta();
  merged.total = a.total + b.total;
  for (const map of COUNT_MAPS) {
    for (const source of [a[map], b[map]]) {
      for (const [key, value] of Object.entries(source)) bump(merged[map], key, value);
    }
  }
  for (const source of [a.lastUpdate, b.lastUpdate]) {
    for (const [key, time] of Object.entries(source)) {
      if (!merged.lastUpdate[key] || merged.lastUpdate[key] < time) merged.lastUpdate[key] = time;
    }
  }
  return merged;
}

export const isEmptyDelta = (d: StatsDelta) =>
  d.total === 0 &&
  COUNT_MAPS.every((m) => Object.keys(d[m]).length === 0) &&
  !Object.keys(d.lastUpdate).length;

/**
 * The UpdateItem expression that applies a delta: nested counters start from zero, the last-update
 * times are set. Names and values are placeholders, so any user id or day is a safe key.
 */
export function deltaExpression(delta: StatsDelta) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':zero': 0 };
  const sets: string[] = [];
  let n = 0;
  const name = (value: string) => {
    const key = `#n${n++}`;
    names[key] = value;
    return key;
  };
  const value = (v: unknown) => {
    const key = `:v${n++}`;
    values[key] = v;
    return key;
  };
  if (delta.total) {
    const total = name('total');
    sets.push(`${total} = if_not_exists(${total}, :zero) + ${value(delta.total)}`);
  }
  for (const map of COUNT_MAPS) {
    const entries = Object.entries(delta[map]);
    if (!entries.length) continue;
    const mapName = name(map);
    for (const [key, by] of entries) {
      const path = `${mapName}.${name(key)}`;
      sets.push(`${path} = if_not_exists(${path}, :zero) + ${value(by)}`);
    }
  }
  const entries = Object.entries(delta.lastUpdate);
  if (entries.length) {
    const mapName = name('lastUpdate');
    for (const [key, time] of entries) sets.push(`${mapName}.${name(key)} = ${value(time)}`);
  }
  return { expression: `SET ${sets.join(', ')}`, names, values };
}
