import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp.ts';

// Every test file: the temp folders its helpers made go when it is done.
afterAll(removeTempDirs);
