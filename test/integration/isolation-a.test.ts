/** Runs beside isolation-b.test.ts: see test/support/isolation.ts. */
import { isolationSuite } from '../support/isolation';

isolationSuite('a');
