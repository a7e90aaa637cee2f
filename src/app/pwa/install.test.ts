import { describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../../lib/client.ts'
import type { CurrentUser } from '../../contract/schemas/user.ts'
import { demoStudent } from '../../contract/schemas/user.fixture.ts'
import { createInstallController, type BeforeInstallPromptEvent, type InstallDeps, type InstallOutcome } from './install.ts'

const user = (pwa_installed: boolean): CurrentUser => demoStudent({ id: 1, pwa_installed })

class FakeWindow extends EventTarget {
  standalone = false
  navigator: { userAgent?: string; maxTouchPoints?: number; standalone?: boolean } | undefined = undefined
  matchMedia = (query: string) => {
    const media = new EventTarget() as EventTarget & { matches: boolean; media: string }
    Object.defineProperty(media, 'matches', { get: () => this.standalone })
    media.media = query
    return media as unknown as MediaQueryList
  }
}

function installPrompt(outcome: InstallOutcome): BeforeInstallPromptEvent {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent
  Object.assign(event, { prompt: vi.fn(async () => undefined), userChoice: Promise.resolve({ outcome, platform: 'web' }) })
  return event
}

function setup(options: { token?: boolean; report?: InstallDeps['report']; navigator?: FakeWindow['navigator'] } = {}) {
  const target = new FakeWindow()
  if (options.navigator) target.navigator = options.navigator
  let token = options.token ?? true
  const report = vi.fn(options.report ?? (async (installed: boolean) => user(installed)))
  const controller = createInstallController({ target: target as unknown as InstallDeps['target'], report, hasToken: () => token })
  const onReported = vi.fn()
  controller.setOnReported(onReported)
  return { target, controller, report, onReported, login: () => (token = true) }
}

describe('install controller (SPEC §4 web-app install)', () => {
  it('captures the prompt, suppresses the browser mini-infobar and offers the install', () => {
    const { target, controller } = setup()
    expect(controller.getSnapshot().canInstall).toBe(false)
    const event = installPrompt('dismissed')
    target.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(controller.getSnapshot().canInstall).toBe(true)
  })

  it('reports false when the offered prompt is dismissed', async () => {
    const { target, controller, report, onReported } = setup()
    const event = installPrompt('dismissed')
    target.dispatchEvent(event)
    await expect(controller.promptInstall()).resolves.toBe('dismissed')
    expect(event.prompt).toHaveBeenCalledOnce()
    expect(report).toHaveBeenCalledExactlyOnceWith(false)
    expect(onReported).toHaveBeenCalledWith(user(false))
    // A prompt event can be used once: the action goes away.
    expect(controller.getSnapshot().canInstall).toBe(false)
    await expect(controller.promptInstall()).resolves.toBeNull()
  })

  it('reports true when accepted, and not twice when appinstalled follows', async () => {
    const { target, controller, report } = setup()
    target.dispatchEvent(installPrompt('accepted'))
    await expect(controller.promptInstall()).resolves.toBe('accepted')
    target.dispatchEvent(new Event('appinstalled'))
    await Promise.resolve()
    expect(report).toHaveBeenCalledExactlyOnceWith(true)
  })

  it('reports true on appinstalled (installed from the browser menu)', async () => {
    const { target, report, controller } = setup()
    target.dispatchEvent(installPrompt('dismissed'))
    target.dispatchEvent(new Event('appinstalled'))
    await vi.waitFor(() => expect(report).toHaveBeenCalledExactlyOnceWith(true))
    expect(controller.getSnapshot().canInstall).toBe(false)
  })

  it('does not offer the install when already running installed (standalone)', () => {
    const { target, controller } = setup()
    target.standalone = true
    target.dispatchEvent(installPrompt('accepted'))
    expect(controller.getSnapshot().canInstall).toBe(false)
  })

  it('without a logged-in user, keeps the outcome and reports it after login', async () => {
    const { target, controller, report, login } = setup({ token: false })
    target.dispatchEvent(installPrompt('dismissed'))
    await controller.promptInstall()
    expect(report).not.toHaveBeenCalled()
    await controller.flushPending()
    expect(report).not.toHaveBeenCalled()
    login()
    await controller.flushPending()
    expect(report).toHaveBeenCalledExactlyOnceWith(false)
    await controller.flushPending()
    expect(report).toHaveBeenCalledOnce()
  })

  it('offline: never throws at the user and retries when the connection returns', async () => {
    let online = false
    const { target, controller, report } = setup({
      report: async (installed) => {
        if (!online) throw new NetworkError(new TypeError('Failed to fetch'))
        return user(installed)
      },
    })
    target.dispatchEvent(installPrompt('accepted'))
    await expect(controller.promptInstall()).resolves.toBe('accepted')
    expect(report).toHaveBeenCalledOnce()
    online = true
    target.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(report).toHaveBeenCalledTimes(2))
    expect(report).toHaveBeenLastCalledWith(true)
  })

  it('a refused report is dropped silently (not retried)', async () => {
    const { target, controller, report } = setup({
      report: async () => {
        throw new ApiError(500, 'Erro ao atualizar', null)
      },
    })
    target.dispatchEvent(installPrompt('dismissed'))
    await expect(controller.promptInstall()).resolves.toBe('dismissed')
    target.dispatchEvent(new Event('online'))
    await controller.flushPending()
    expect(report).toHaveBeenCalledOnce()
  })

  it('a prompt that fails to open offers nothing and reports nothing', async () => {
    const { target, controller, report } = setup()
    const event = installPrompt('accepted')
    event.prompt = vi.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError')
    })
    target.dispatchEvent(event)
    await expect(controller.promptInstall()).resolves.toBeNull()
    expect(report).not.toHaveBeenCalled()
    expect(controller.getSnapshot()).toEqual({ canInstall: false, manual: false, prompting: false })
  })

  it('stop() stops listening', () => {
    const { target, controller } = setup()
    controller.stop()
    target.dispatchEvent(installPrompt('accepted'))
    expect(controller.getSnapshot().canInstall).toBe(false)
  })

  describe('on an iPhone or iPad, where Safari has no install prompt', () => {
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
    const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

    it('offers the install as the student’s own steps, and prompts and reports nothing', async () => {
      const { controller, report } = setup({ navigator: { userAgent: IPHONE, maxTouchPoints: 5 } })
      expect(controller.getSnapshot()).toEqual({ canInstall: true, manual: true, prompting: false })
      await expect(controller.promptInstall()).resolves.toBeNull()
      expect(report).not.toHaveBeenCalled()
    })

    it('takes an iPad asking for the desktop site (a Mac that takes touch) for one; a Mac is not', () => {
      expect(setup({ navigator: { userAgent: MAC, maxTouchPoints: 5 } }).controller.getSnapshot().manual).toBe(true)
      expect(setup({ navigator: { userAgent: MAC, maxTouchPoints: 0 } }).controller.getSnapshot().canInstall).toBe(false)
    })

    it('offers nothing once it runs from the home screen', () => {
      const { controller } = setup({ navigator: { userAgent: IPHONE, maxTouchPoints: 5, standalone: true } })
      expect(controller.getSnapshot().canInstall).toBe(false)
    })
  })
})
