import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.ts';

// Every test file, in Node or in jsdom: its temporary folders go when it ends.
afterAll(removeTempDirs);
