import type { Reporter, TestModule } from 'vitest/node';

/** After a run: the ten slowest tests and the five slowest files, so a growing suite shows where its time goes. */
export default class SlowestTests implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        name: `${module.relativeModuleId} › ${test.fullName}`,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    const files = testModules.map((module) => ({ name: module.relativeModuleId, ms: module.diagnostic().duration }));
    const list = (title: string, rows: { name: string; ms: number }[], count: number) => {
      console.log(`\n${title}`);
      for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, count)) {
        console.log(`  ${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.name}`);
      }
    };
    if (tests.length === 0) return;
    list('Slowest tests', tests, 10);
    list('Slowest files', files, 5);
  }
}
