// Run by `npm run test:e2e` (and `npm run bench`) before the browser starts: the browser
// tests drive Debian's Chromium (never a downloaded browser), at CHROMIUM_PATH or
// /usr/bin/chromium. Missing, it is installed with apt-get when we may (Debian or Ubuntu,
// as root); otherwise the message says what to install. Issue 8 item 6: `npm test` on a
// fresh machine needs no step the README does not name.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { CHROMIUM_PATH } from './chromium.ts'

const path = CHROMIUM_PATH

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  return result.status === 0
}

if (!executable(path)) {
  const canInstall =
    !process.env.CHROMIUM_PATH && process.platform === 'linux' && process.getuid?.() === 0 && executable('/usr/bin/apt-get')
  if (canInstall) {
    console.log(`Chromium is missing at ${path}: installing Debian's chromium package (apt-get)…`)
    if (!(
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']) &&
      executable(path)
    )) {
      console.error('Installing chromium with apt-get failed; see the output above.')
      process.exit(1)
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${path}, and it is missing.\n` +
        (process.env.CHROMIUM_PATH
          ? 'CHROMIUM_PATH names a file that is not an executable.\n'
          : 'Install it (Debian/Ubuntu: `sudo apt-get install chromium`), or point CHROMIUM_PATH at a Chromium or Chrome binary.\n') +
        'It is installed automatically only when running as root on Debian/Ubuntu.',
    )
    process.exit(1)
  }
}
