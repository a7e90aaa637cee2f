import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrastRatio as contrast } from './contrast.ts'

const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8')

const DARK = '@media (prefers-color-scheme: dark) {'
/** The tokens of each scheme: the light ones on :root, the dark ones in their media query. */
const schemes = {
  light: css.slice(0, css.indexOf(DARK)),
  dark: css.slice(css.indexOf(DARK), css.indexOf('\n}\n', css.indexOf(DARK))),
}

function token(name: string, scheme: keyof typeof schemes = 'light'): string {
  const value = new RegExp(`${name}:\\s*(#[0-9a-f]{6})\\b`, 'i').exec(schemes[scheme])?.[1]
  if (!value) throw new Error(`token ${name} missing in the ${scheme} scheme`)
  return value
}

describe('design tokens (light theme, WCAG AA)', () => {
  it('defines the tokens components rely on', () => {
    for (const name of [
      '--color-primary',
      '--color-on-primary',
      '--color-surface',
      '--color-text',
      '--color-muted',
      '--color-danger',
      '--color-success',
      '--color-warning',
      '--radius-pill',
      '--space-4',
      '--font-sans',
    ]) {
      expect(css).toContain(`${name}:`)
    }
    expect(css).toContain('color-scheme: light')
    expect(css).toContain('prefers-reduced-motion: reduce')
    expect(css).toContain(':focus-visible')
  })

  it.each(
    (['light', 'dark'] as const).flatMap((scheme) =>
      [
        ['--color-text', '--color-surface'],
        ['--color-text', '--color-background'],
        ['--color-muted', '--color-surface'],
        ['--color-muted', '--color-background'],
        ['--color-muted', '--color-surface-variant'],
        ['--color-danger', '--color-surface'],
        ['--color-success', '--color-surface'],
        ['--color-warning', '--color-surface'],
        ['--color-info', '--color-surface'],
        ['--color-danger', '--color-danger-bg'],
        ['--color-success', '--color-success-bg'],
        ['--color-warning', '--color-warning-bg'],
        ['--color-info', '--color-info-bg'],
        ['--color-text', '--color-danger-bg'],
        ['--color-text', '--color-warning-bg'],
      ].map(([fg, bg]) => [scheme, fg!, bg!] as const),
    ),
  )('%s: %s on %s reaches 4.5:1', (scheme, fg, bg) => {
    expect(contrast(token(fg, scheme), token(bg, scheme))).toBeGreaterThanOrEqual(4.5)
  })

  it.each(
    (['light', 'dark'] as const).flatMap((scheme) =>
      [
        ['--color-border', '--color-surface'],
        ['--color-border', '--color-background'],
        ['--color-border', '--color-surface-variant'],
      ].map(([fg, bg]) => [scheme, fg!, bg!] as const),
    ),
  )('%s: field borders (%s on %s) reach 3:1 (non-text contrast)', (scheme, fg, bg) => {
    expect(contrast(token(fg, scheme), token(bg, scheme))).toBeGreaterThanOrEqual(3)
  })

  it('the dark scheme follows the device and redefines every colour the light one has', () => {
    expect(schemes.dark).toContain('color-scheme: dark')
    const colours = (text: string) => [...text.matchAll(/(--color-[\w-]+):\s*#[0-9a-f]{6}\b/gi)].map((match) => match[1]).sort()
    expect(colours(schemes.dark)).toEqual(colours(schemes.light))
  })
})
