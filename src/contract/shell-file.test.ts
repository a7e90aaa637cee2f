// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { mediaQueryUp } from '../ui/breakpoints.ts'
import {
  DRAWER_MINIMIZED_KEY,
  SHELL_OTHER_SCREEN_CLASS,
  SHELL_PREFERENCES_SCRIPT,
  SHELL_SCREEN_ATTRIBUTE,
  shellFileFor,
  SIDE_DRAWER_MEDIA,
} from './shell-file.ts'

/** Runs the shell's head script as the browser would, with a window `width` px wide. */
function runShellScript(width: number) {
  const matchMedia = (query: string) => ({ matches: query === SIDE_DRAWER_MEDIA && width >= 1050 })
  new Function('matchMedia', SHELL_PREFERENCES_SCRIPT)(matchMedia)
}

describe('the shell preferences script', () => {
  afterEach(() => {
    localStorage.clear()
    document.documentElement.classList.remove('drawer-minimized', SHELL_OTHER_SCREEN_CLASS)
    history.replaceState(null, '', '/')
  })

  it('asks for the width the side drawer shows at', () => {
    expect(SIDE_DRAWER_MEDIA).toBe(mediaQueryUp('lg'))
  })

  it('minimises the side drawer on a wide screen when the student left it minimised', () => {
    localStorage.setItem(DRAWER_MINIMIZED_KEY, '1')
    runShellScript(1280)
    expect(document.documentElement.classList.contains('drawer-minimized')).toBe(true)
  })

  it('leaves the drawer open on a wide screen when the student expanded it', () => {
    localStorage.setItem(DRAWER_MINIMIZED_KEY, '0')
    runShellScript(1280)
    expect(document.documentElement.classList.contains('drawer-minimized')).toBe(false)
  })

  it('does not read local storage on a phone, where there is no side drawer', () => {
    localStorage.setItem(DRAWER_MINIMIZED_KEY, '1')
    const read: string[] = []
    const getItem = Storage.prototype.getItem
    Storage.prototype.getItem = function (key: string) {
      read.push(key)
      return getItem.call(this, key)
    }
    try {
      runShellScript(412)
    } finally {
      Storage.prototype.getItem = getItem
    }
    expect(read).toEqual([])
    expect(document.documentElement.classList.contains('drawer-minimized')).toBe(false)
  })

  it('marks every screen but the dashboard, whose cards the app shell draws', () => {
    for (const path of ['/', '/dashboard', '/dashboard/']) {
      history.replaceState(null, '', path)
      runShellScript(412)
      expect(document.documentElement.classList.contains(SHELL_OTHER_SCREEN_CLASS), path).toBe(false)
    }
    for (const path of ['/me', '/financial', '/dashboard-x', '/pedagogico/notas/1']) {
      history.replaceState(null, '', path)
      runShellScript(412)
      expect(document.documentElement.classList.contains(SHELL_OTHER_SCREEN_CLASS), path).toBe(true)
      document.documentElement.classList.remove(SHELL_OTHER_SCREEN_CLASS)
    }
  })

  it("on a screen shell, marks every page but the shell's own screen", () => {
    document.documentElement.setAttribute(SHELL_SCREEN_ATTRIBUTE, '/financial')
    try {
      for (const [path, other] of [
        ['/financial', false],
        ['/financial/', false],
        ['/financial/pagar/1', true],
        ['/dashboard', true],
      ] as const) {
        history.replaceState(null, '', path)
        runShellScript(412)
        expect(document.documentElement.classList.contains(SHELL_OTHER_SCREEN_CLASS), path).toBe(other)
        document.documentElement.classList.remove(SHELL_OTHER_SCREEN_CLASS)
      }
    } finally {
      document.documentElement.removeAttribute(SHELL_SCREEN_ATTRIBUTE)
    }
  })
})

describe('which shell a page gets', () => {
  it("sends the tab bar's areas their own shell and every other signed-in page the dashboard's", () => {
    expect(shellFileFor('/financial', 'localhost')).toBe('shell-app-financial-knn.html')
    expect(shellFileFor('/financial/', 'phenom.localhost')).toBe('shell-app-financial-phenom.html')
    expect(shellFileFor('/pedagogico/list', 'localhost')).toBe('shell-app-pedagogico-list-knn.html')
    expect(shellFileFor('/pedidos', 'localhost')).toBe('shell-app-pedidos-knn.html')
    expect(shellFileFor('/financial/pagar/1', 'localhost')).toBe('shell-app-knn.html')
    expect(shellFileFor('/knn-club/usar-pontos', 'localhost')).toBe('shell-app-knn.html')
    expect(shellFileFor('/', 'localhost')).toBe('shell-app-knn.html')
    expect(shellFileFor('/login/main', 'localhost')).toBe('shell-login-knn.html')
  })
})
