import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp.ts';

// Every test file: the temp folders its helpers made go when it is done. Removing the
// thousands of files of a large build's out/, spare and cache can take more than vitest's
// default 10 s for a hook when the disk is busy with the other test files: a limit fit
// for deleting, which no test's outcome depends on.
afterAll(removeTempDirs, 120_000);
