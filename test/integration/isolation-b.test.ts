/** Runs beside isolation-a.test.ts: see test/support/isolation.ts. */
import { isolationSuite } from '../support/isolation';

isolationSuite('b');
