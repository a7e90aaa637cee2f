// `npm test`: every check of the project, as stages, each timed (issue 35). Stages in one
// group run side by side (tsc, ESLint and Prettier are mostly single-threaded: on 2 cores the
// three together end sooner than two and then one); their output is printed whole when each
// ends, so it never interleaves. The first failing group stops the run; the table of times
// prints either way.
import { spawn } from 'node:child_process'

interface Stage {
  name: string
  script: string
}

// Vitest and the browser tests stay apart: side by side on 2 cores each took half again as
// long as alone, and the three-process test lost its race against its timeout.
const GROUPS: Stage[][] = [
  [
    { name: 'typecheck', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
    { name: 'prettier check', script: 'format:check' },
  ],
  [{ name: 'unit + server (Vitest)', script: 'test:unit' }],
  [{ name: 'build + budget + compression', script: 'build' }],
  [{ name: 'browser (Playwright)', script: 'test:e2e' }],
]

const times: { name: string; seconds: number; ok: boolean }[] = []

function run(stage: Stage, buffered: boolean): Promise<boolean> {
  const started = performance.now()
  console.log(`\n▶ ${stage.name} (npm run ${stage.script})`)
  const child = spawn('npm', ['run', '--silent', stage.script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  const output: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000
      if (buffered) process.stdout.write(Buffer.concat(output))
      console.log(`${code === 0 ? '✔' : '✘'} ${stage.name}: ${seconds.toFixed(0)} s`)
      times.push({ name: stage.name, seconds, ok: code === 0 })
      resolve(code === 0)
    })
  })
}

const started = performance.now()
let ok = true
for (const group of GROUPS) {
  const results = await Promise.all(group.map((stage) => run(stage, group.length > 1)))
  if (results.includes(false)) {
    ok = false
    break
  }
}

const total = (performance.now() - started) / 1000
// Rounded first, so 359.6 s reads "6 min 00 s", not "5 min 60 s".
const minutes = (seconds: number) => {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`
}
console.log('\nStage times (stages of one group ran side by side):')
for (const { name, seconds, ok: passed } of times)
  console.log(`  ${passed ? '✔' : '✘'} ${name.padEnd(30)} ${minutes(seconds).padStart(12)}`)
console.log(`  ${'npm test in all'.padEnd(32)} ${minutes(total).padStart(12)}`)
process.exit(ok ? 0 : 1)
