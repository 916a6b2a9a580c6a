/**
 * The bad-input sweep of the route table's first half (every even-numbered route, counting from 0):
 * hostile and malformed bodies, queries and path parameters as a team owner, topped up to at least
 * 200 inputs per route; sweep-bad-input-2.test.ts sweeps the other half, side by side. What the
 * sweeps check and how to reproduce a run: test/support/route-sweep.ts.
 */
import { afterAll, beforeAll } from 'vitest';
import { Resources } from '../support/resources';
import { BAD_INPUT_HALVES, countsLine, type Sweep, startSweep } from '../support/route-sweep';
import { describeBadInputSweep } from '../support/route-sweep-bad-input';

const resources = new Resources();
let sweep: Sweep;

beforeAll(async () => {
  sweep = await startSweep(resources, { home: true });
}, 180_000);

afterAll(async () => {
  console.log(countsLine('bad input, half 1 of 2'));
  await resources.stopAll();
});

describeBadInputSweep(BAD_INPUT_HALVES[0], () => sweep);
