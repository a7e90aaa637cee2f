import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints the 20 spec files that took the longest, summed over their tests and retries, after
 * the run (issue 35). Playwright's own `reportSlowTests` names only files run in one worker,
 * and this suite runs fully parallel.
 */
export default class SlowestFiles implements Reporter {
  private readonly files = new Map<string, { ms: number; tests: number }>()

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*\/tests\/e2e\//, '')
    const entry = this.files.get(file) ?? { ms: 0, tests: 0 }
    entry.ms += result.duration
    entry.tests += result.retry === 0 ? 1 : 0
    this.files.set(file, entry)
  }

  onEnd(result: FullResult): void {
    const rows = [...this.files].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 20)
    const total = [...this.files.values()].reduce((sum, entry) => sum + entry.ms, 0)
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    console.log(
      [
        '',
        `Playwright: the 20 slowest of ${this.files.size} spec files (tests' time summed over workers: ${seconds(total)}; run ${seconds(result.duration)})`,
        ...rows.map(([file, entry]) => `  ${seconds(entry.ms).padStart(8)}  ${String(entry.tests).padStart(3)} tests  ${file}`),
        '',
      ].join('\n'),
    )
  }
}
