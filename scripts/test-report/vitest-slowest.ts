import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints the 20 slowest test files of the run, with the time each spent importing its
 * modules beside the time of its tests, so a file that grew slower shows in the next run
 * (issue 35). Vitest's own reporters print every file, unsorted.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const diagnostic = module.diagnostic()
      return {
        file: `${module.project.name} ${module.relativeModuleId}`,
        total: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration,
        imports: diagnostic.collectDuration + diagnostic.setupDuration,
        tests: diagnostic.duration,
      }
    })
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0)
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    const lines = rows
      .sort((a, b) => b.total - a.total)
      .slice(0, 20)
      .map((row) => `  ${seconds(row.total).padStart(8)}  (import ${seconds(row.imports)}, tests ${seconds(row.tests)})  ${row.file}`)
    console.log(
      [
        '',
        `Vitest: the 20 slowest of ${rows.length} files (all files: import ${seconds(sum((row) => row.imports))}, tests ${seconds(sum((row) => row.tests))}, summed over workers)`,
        ...lines,
        '',
      ].join('\n'),
    )
  }
}
