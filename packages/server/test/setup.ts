/** Runs before each node test file: whatever temporary folder a file made is gone after it. */
import { afterAll } from 'vitest';
import { removeTestDirs } from './temp-dirs.js';

afterAll(() => removeTestDirs());
