// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as RegisterModule from './register.ts'

/** The module is imported afresh for each test: its state (the waiting worker) is per page. */
type Register = typeof RegisterModule

class FakeWorker extends EventTarget {
  state: ServiceWorkerState
  postMessage = vi.fn()
  constructor(state: ServiceWorkerState) {
    super()
    this.state = state
  }
  setState(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  active: FakeWorker | null = null
  /** A new deployment: the browser found and starts installing a new worker. */
  found(worker: FakeWorker) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null
}

let container: FakeContainer
let register: Register

beforeEach(async () => {
  container = new FakeContainer()
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  sessionStorage.clear()
  vi.resetModules()
  register = await import('./register.ts')
})

afterEach(() => {
  vi.useRealTimers()
})

const asRegistration = (registration: FakeRegistration) => registration as unknown as ServiceWorkerRegistration

describe('service worker updates (the user decides)', () => {
  it('announces nothing on the very first install', () => {
    const registration = new FakeRegistration()
    register.watchRegistration(asRegistration(registration))
    const first = new FakeWorker('installing')
    registration.found(first)
    first.setState('installed')
    expect(register.updateStore.getSnapshot().waiting).toBeNull()
  })

  it('offers a worker of a new deployment that finished installing while the page is controlled', () => {
    container.controller = new FakeWorker('activated')
    const registration = new FakeRegistration()
    register.watchRegistration(asRegistration(registration))
    const next = new FakeWorker('installing')
    registration.found(next)
    expect(register.updateStore.getSnapshot().waiting).toBeNull()
    next.setState('installed')
    expect(register.updateStore.getSnapshot().waiting).toBe(next)
  })

  it('offers a worker already waiting when the page opens', () => {
    container.controller = new FakeWorker('activated')
    const registration = new FakeRegistration()
    registration.waiting = new FakeWorker('installed')
    register.watchRegistration(asRegistration(registration))
    expect(register.updateStore.getSnapshot().waiting).toBe(registration.waiting)
  })

  it('"Atualizar" posts SKIP_WAITING and reloads once, on the controller change', () => {
    container.controller = new FakeWorker('activated')
    const registration = new FakeRegistration()
    registration.waiting = new FakeWorker('installed')
    register.watchRegistration(asRegistration(registration))
    const reload = vi.fn()
    register.applyUpdate(reload)
    expect(registration.waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(register.updateStore.getSnapshot().applying).toBe(true)
    expect(reload).not.toHaveBeenCalled()
    container.dispatchEvent(new Event('controllerchange'))
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledOnce()
  })

  it('listens for a controller change (to reload) only after the user asked', () => {
    const listen = vi.spyOn(container, 'addEventListener')
    const registration = new FakeRegistration()
    register.watchRegistration(asRegistration(registration))
    const first = new FakeWorker('installing')
    registration.found(first)
    first.setState('installed')
    // The first install's clients.claim() changes the controller: nothing may reload.
    container.controller = first
    first.setState('activated')
    container.dispatchEvent(new Event('controllerchange'))
    expect(listen.mock.calls.filter(([type]) => type === 'controllerchange')).toEqual([])
    expect(register.updateStore.getSnapshot()).toMatchObject({ waiting: null, applying: false })
  })

  it('"Depois" hides the banner for the session, until another deployment arrives', async () => {
    container.controller = new FakeWorker('activated')
    const registration = new FakeRegistration()
    registration.waiting = new FakeWorker('installed')
    register.watchRegistration(asRegistration(registration))
    register.dismissUpdate()
    expect(register.updateStore.getSnapshot().dismissed).toBe(true)

    // A reload in the same tab keeps it hidden.
    vi.resetModules()
    register = await import('./register.ts')
    register.watchRegistration(asRegistration(registration))
    expect(register.updateStore.getSnapshot()).toMatchObject({ waiting: registration.waiting, dismissed: true })

    const newer = new FakeWorker('installing')
    registration.found(newer)
    newer.setState('installed')
    expect(register.updateStore.getSnapshot()).toMatchObject({ waiting: newer, dismissed: false })
  })

  it('forgets a waiting worker that became redundant', () => {
    container.controller = new FakeWorker('activated')
    const registration = new FakeRegistration()
    registration.waiting = new FakeWorker('installed')
    register.watchRegistration(asRegistration(registration))
    registration.waiting.setState('redundant')
    expect(register.updateStore.getSnapshot().waiting).toBeNull()
  })

  it('lets the user retry when the new worker never takes over', () => {
    vi.useFakeTimers()
    container.controller = new FakeWorker('activated')
    const registration = new FakeRegistration()
    registration.waiting = new FakeWorker('installed')
    register.watchRegistration(asRegistration(registration))
    register.applyUpdate(vi.fn())
    expect(register.updateStore.getSnapshot().applying).toBe(true)
    vi.advanceTimersByTime(10_000)
    expect(register.updateStore.getSnapshot().applying).toBe(false)
  })
})

describe('afterFirstScreenSettles', () => {
  /** The browser's resource timing: `finish()` is a chunk or an API answer arriving. */
  class FakeResourceObserver {
    static supportedEntryTypes = ['resource']
    static current: FakeResourceObserver | null = null
    private readonly callback: () => void
    constructor(callback: () => void) {
      this.callback = callback
      FakeResourceObserver.current = this
    }
    observe() {}
    disconnect() {
      FakeResourceObserver.current = null
    }
    finish() {
      this.callback()
    }
  }

  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('PerformanceObserver', FakeResourceObserver)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('waits until no resource has finished for 1.5 s after the page loaded', async () => {
    const task = vi.fn()
    register.afterFirstScreenSettles(task)
    await vi.advanceTimersByTimeAsync(2) // the first screen is shown, load has passed (jsdom), the browser idles
    await vi.advanceTimersByTimeAsync(1000)
    FakeResourceObserver.current!.finish() // the dashboard's data arrives
    await vi.advanceTimersByTimeAsync(1000)
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(600)
    expect(task).toHaveBeenCalledOnce()
    expect(FakeResourceObserver.current).toBeNull()
  })

  it('runs 10 s after load at the latest, however busy the line', async () => {
    const task = vi.fn()
    register.afterFirstScreenSettles(task)
    await vi.advanceTimersByTimeAsync(2)
    for (let elapsed = 0; elapsed < 10_000; elapsed += 1000) {
      FakeResourceObserver.current?.finish()
      await vi.advanceTimersByTimeAsync(1000)
    }
    await vi.advanceTimersByTimeAsync(2)
    expect(task).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(task).toHaveBeenCalledOnce()
  })
})
