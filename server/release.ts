import { readFileSync } from 'node:fs'

/** The package's name and version, read once: the published API's version and the error reports' release. */
export const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string }
