// `npm test`: every check of the project, as stages, each timed (issue 35). A group's lanes
// run side by side and the stages of a lane one after the other; a stage that runs beside
// another has its output printed whole when it ends, so it never interleaves. The first
// failing group stops the run; the table of times prints either way.
//
// Vitest and the browser tests share a group: on 2 cores neither keeps both busy (each waits
// for PostgreSQL, timers, a browser's paint or the server), and the browser lane starts with
// the build it needs. tsc, ESLint and Prettier are single-threaded: they share the first group.
import { spawn } from 'node:child_process'

interface Stage {
  name: string
  script: string
}

/** Each group: lanes side by side; each lane: stages in order. */
const GROUPS: Stage[][][] = [
  [[{ name: 'typecheck', script: 'typecheck' }], [{ name: 'lint', script: 'lint' }], [{ name: 'prettier check', script: 'format:check' }]],
  [
    [{ name: 'unit + server (Vitest)', script: 'test:unit' }],
    [
      { name: 'build + budget + compression', script: 'build' },
      { name: 'browser (Playwright)', script: 'test:e2e' },
    ],
  ],
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
/** A lane's stages in order; it stops at the first that fails. */
async function runLane(lane: Stage[], buffered: boolean): Promise<boolean> {
  for (const stage of lane) if (!(await run(stage, buffered))) return false
  return true
}

for (const group of GROUPS) {
  const results = await Promise.all(group.map((lane) => runLane(lane, group.length > 1)))
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
console.log('\nStage times (the lanes of one group ran side by side):')
for (const { name, seconds, ok: passed } of times)
  console.log(`  ${passed ? '✔' : '✘'} ${name.padEnd(30)} ${minutes(seconds).padStart(12)}`)
console.log(`  ${'npm test in all'.padEnd(32)} ${minutes(total).padStart(12)}`)
process.exit(ok ? 0 : 1)
