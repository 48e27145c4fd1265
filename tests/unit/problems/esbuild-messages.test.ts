import * as esbuild from 'esbuild';
import { expect, test } from 'vitest';
import { esbuildMessages } from '../../../generator/problems/esbuild-messages.ts';

/*
 * A compile error in site/ or in the editor's code (compiled by esbuild) is located as
 * every problem is: file, line and column, the column counted from 1.
 */

test('a syntax error is told with its file, line and column', async () => {
  const failure = await esbuild
    .build({ stdin: { contents: 'export const a = 1;\nexport const b = <main <div/>;\n', sourcefile: 'site/components/chrome/layout.tsx', loader: 'tsx' }, write: false, logLevel: 'silent' })
    .catch((error: unknown) => error);
  expect(esbuildMessages(failure)).toMatch(/^site\/components\/chrome\/layout\.tsx:2:\d+ \S/);
  const column = Number(/:2:(\d+) /.exec(esbuildMessages(failure))![1]);
  // Where esbuild stops reading: the "/" of the stray <div/>, counted from 1.
  expect(column).toBe('export const b = <main <div/>;'.indexOf('/>') + 1);
});

test('an error without esbuild\'s messages is told by its own message', () => {
  expect(esbuildMessages(new Error('the service stopped'))).toBe('the service stopped');
});
