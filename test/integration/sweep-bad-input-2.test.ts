/**
 * The bad-input sweep of the route table's second half (every odd-numbered route, counting from 0):
 * hostile and malformed bodies, queries and path parameters as a team owner, topped up to at least
 * 200 inputs per route; sweep-bad-input-1.test.ts sweeps the other half, side by side. What the
 * sweeps check and how to reproduce a run: test/support/route-sweep.ts.
 */
import { badInputSweepFile } from '../support/route-sweep-bad-input';

badInputSweepFile(1);
