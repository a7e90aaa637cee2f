import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrastRatio as contrast } from './contrast.ts'

const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8')

function token(name: string): string {
  const value = new RegExp(`${name}:\\s*(#[0-9a-f]{6})\\b`, 'i').exec(css)?.[1]
  if (!value) throw new Error(`token ${name} missing`)
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

  it.each([
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
  ])('%s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(4.5)
  })

  it.each([
    ['--color-border', '--color-surface'],
    ['--color-border', '--color-background'],
    ['--color-border', '--color-surface-variant'],
  ])('field borders (%s on %s) reach 3:1 (non-text contrast)', (fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(3)
  })
})
