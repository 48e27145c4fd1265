// A vitest reporter for tests/run-all.js: appends to the file SITE_TEST_PROGRESS names a
// line as each test file and each test starts and ends, so that a run stopped by the
// watchdog can say what was still running. Prints nothing itself.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export default class ProgressReporter {
  constructor() {
    this.file = process.env.SITE_TEST_PROGRESS;
  }

  write(kind, id, name) {
    if (this.file) appendFileSync(this.file, `${JSON.stringify({ kind, id, name, at: Date.now() })}\n`);
  }

  onTestModuleStart(testModule) {
    this.write('start', testModule.id, path.relative(process.cwd(), testModule.moduleId));
  }

  onTestModuleEnd(testModule) {
    this.write('end', testModule.id, path.relative(process.cwd(), testModule.moduleId));
  }

  onTestCaseReady(testCase) {
    this.write('start', testCase.id, `${path.relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`);
  }

  onTestCaseResult(testCase) {
    this.write('end', testCase.id, '');
  }
}
