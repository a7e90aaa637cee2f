import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { LoginResponse } from '../contract/schemas/auth.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { demoStudent } from '../contract/schemas/user.fixture.ts'
import { sessionMachine } from './session.ts'
import { startingView, waitUntilSettled, type LoginRequest, type SessionInput } from './session-view.ts'

const user: CurrentUser = demoStudent()

function httpError(status: number, message: string) {
  return Object.assign(new Error(message), { status })
}

function start(options: {
  token?: string | null
  keptUser?: CurrentUser | null
  keptUserAt?: number | null
  login?: (request: LoginRequest) => Promise<LoginResponse>
  loadUser?: () => Promise<CurrentUser>
  checkBook?: (request: { uuid: string; token: string }) => Promise<boolean>
  isBookEmpty?: boolean
}) {
  const calls = {
    persistToken: [] as string[],
    clearStoredSession: 0,
    /** Tokens "Sair" asked the server to end, and what was wiped by then. */
    endedOnServer: [] as { token: string | null; clearedBefore: number; after?: Promise<unknown> | undefined }[],
    navigateAfterLogin: 0,
    navigateToLogin: 0,
    logins: [] as LoginRequest[],
    kept: [] as { user: CurrentUser; updatedAt: number }[],
    afterLogin: [] as boolean[],
    books: [] as ({ uuid: string; isEmpty: boolean } | 'forgotten')[],
    checks: [] as { uuid: string; token: string }[],
  }
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }: { input: LoginRequest }) => {
        calls.logins.push(input)
        return (options.login ?? (async () => ({ access_token: 'tok', token_type: 'bearer' as const })))(input)
      }),
      loadUser: fromPromise(async () => (options.loadUser ?? (async () => user))()),
      checkBook: fromPromise(async ({ input }: { input: { uuid: string; token: string } }) => {
        calls.checks.push(input)
        return (options.checkBook ?? (async () => true))(input)
      }),
    },
    actions: {
      persistToken: (_, params) => void calls.persistToken.push(params.token),
      keepUser: (_, params) => void calls.kept.push(params),
      clearStoredSession: () => void calls.clearStoredSession++,
      endSessionOnServer: (_, params) =>
        void calls.endedOnServer.push({ token: params.token, clearedBefore: calls.clearStoredSession, after: params.after }),
      navigateAfterLogin: (_, params) => {
        calls.navigateAfterLogin++
        calls.afterLogin.push(params.isBookEmpty)
      },
      rememberBook: (_, params) => void calls.books.push(params),
      forgetBook: () => void calls.books.push('forgotten'),
      navigateToLogin: () => void calls.navigateToLogin++,
    },
  })
  const actor = createActor(machine, {
    input: {
      token: options.token ?? null,
      keptUser: options.keptUser ?? null,
      keptUserAt: options.keptUserAt ?? null,
      isBookEmpty: options.isBookEmpty,
    },
  }).start()
  return { actor, calls }
}

describe('book-code login and isBookEmpty (SPEC §3, D8)', () => {
  const uuid = '5f0c6a1e-3b7d-4d2a-9e61-0c4b8f2d7a15'

  it('logs in with the book, asks whether it is empty with the new token, keeps bookInfo and goes to profile creation', async () => {
    const provisional = demoStudent({ full_name: null, drive_user: null, updated_at: null })
    const { actor, calls } = start({ loadUser: async () => provisional })
    actor.send({ type: 'session.loginWithBook', username: 'nova@example.com', uuid })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'))
    expect(calls.logins).toEqual([{ username: 'nova@example.com', password: '', bookUuid: uuid }])
    expect(calls.checks).toEqual([{ uuid, token: 'tok' }])
    expect(snapshot.context).toMatchObject({ isBookEmpty: true, requiresUpdate: true, pendingCredentials: null })
    expect(calls.books).toEqual([{ uuid, isEmpty: true }])
    expect(calls.afterLogin).toEqual([true])

    // The profile is complete: the flow ends and bookInfo goes.
    actor.send({ type: 'session.userUpdated', user })
    actor.send({ type: 'session.bookFlowEnded' })
    expect(actor.getSnapshot().context).toMatchObject({ isBookEmpty: false, requiresUpdate: false })
    expect(calls.books.at(-1)).toBe('forgotten')
  })

  it("an existing account's book is not empty: bookInfo goes and login continues to the dashboard", async () => {
    const { actor, calls } = start({ checkBook: async () => false })
    actor.send({ type: 'session.loginWithBook', username: 'aluno@example.com', uuid })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'))
    expect(snapshot.context.isBookEmpty).toBe(false)
    expect(calls.books).toEqual([{ uuid, isEmpty: false }])
    expect(calls.afterLogin).toEqual([false])
  })

  it("shows the server's text for an unknown or claimed book and stays logged out, asking nothing more", async () => {
    const text = 'Este livro já está vinculado a uma conta. Entre com seu e-mail e senha.'
    const { actor, calls } = start({ login: async () => Promise.reject(httpError(400, text)) })
    actor.send({ type: 'session.loginWithBook', username: 'aluno@example.com', uuid })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut') && s.context.logInError !== null)
    expect(snapshot.context.logInError).toBe(text)
    expect(calls.checks).toEqual([])
  })

  it('a failed check counts as not empty (the login already linked the book)', async () => {
    const { actor } = start({ checkBook: async () => Promise.reject(new Error('offline')) })
    actor.send({ type: 'session.loginWithBook', username: 'aluno@example.com', uuid })
    expect((await waitFor(actor, (s) => s.matches('loggedIn'))).context.isBookEmpty).toBe(false)
  })

  it('starts with the stored book flow after a reload, and logout ends it', async () => {
    const { actor } = start({ token: 'tok', isBookEmpty: true })
    expect((await waitFor(actor, (s) => s.matches('loggedIn'))).context.isBookEmpty).toBe(true)
    actor.send({ type: 'session.logout' })
    expect(actor.getSnapshot().context.isBookEmpty).toBe(false)
    // Without a token a stored book flow means nothing.
    expect(start({ isBookEmpty: true }).actor.getSnapshot().context.isBookEmpty).toBe(false)
  })
})

describe('session machine', () => {
  it('takes a user an update answered, with requiresUpdate by the shared rule, and keeps it on the device', async () => {
    const { actor, calls } = start({ token: 'tok' })
    await waitFor(actor, (s) => s.matches('loggedIn'))
    const due = demoStudent({ updated_at: '2020-01-01T00:00:00Z' })
    actor.send({ type: 'session.userUpdated', user: due })
    expect(actor.getSnapshot().context).toMatchObject({ currentUser: due, requiresUpdate: true })
    const fresh = demoStudent({ updated_at: new Date().toISOString() })
    actor.send({ type: 'session.userUpdated', user: fresh })
    expect(actor.getSnapshot().context).toMatchObject({ currentUser: fresh, requiresUpdate: false })
    expect(calls.kept.slice(-2).map((kept) => kept.user)).toEqual([due, fresh])
  })

  it('starts logged out without a stored token', () => {
    const { actor } = start({})
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
  })

  it('logs in, keeps the token and loads the user', async () => {
    const { actor, calls } = start({})
    actor.send({ type: 'session.login', username: 'aluno@example.com', password: 'demo1234' })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'))
    expect(snapshot.context.token).toBe('tok')
    expect(snapshot.context.currentUser?.full_name).toBe('Ana Beatriz Souza')
    expect(snapshot.context.requiresUpdate).toBe(false)
    expect(calls.persistToken).toEqual(['tok'])
    expect(calls.navigateAfterLogin).toBe(1)
    // The answer is kept on the device for the next start, with when it came.
    expect(calls.kept).toEqual([{ user, updatedAt: snapshot.context.userUpdatedAt }])
    expect(snapshot.context.userUpdatedAt).toBeGreaterThan(Date.now() - 60_000)
  })

  it('restores a stored token by loading the user', async () => {
    const { actor } = start({ token: 'stored' })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'))
    expect(snapshot.context.currentUser?.id).toBe(7)
  })

  it('shows the login error text and stays logged out', async () => {
    const { actor, calls } = start({ login: async () => Promise.reject(httpError(400, 'Usuário ou senha incorreta.')) })
    actor.send({ type: 'session.login', username: 'aluno@example.com', password: 'errada' })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut') && s.context.logInError !== null)
    expect(snapshot.context.logInError).toBe('Usuário ou senha incorreta.')
    expect(snapshot.context.pendingCredentials).toBeNull()
    expect(calls.persistToken).toEqual([])
  })

  it('keeps several accounts for the user to pick, then logs in as the chosen one (D9)', async () => {
    const accounts = [
      { id: 3, full_name: 'Lucas Pereira', company_name: 'KNN Centro' },
      { id: 4, full_name: 'Marina Pereira', company_name: 'KNN Centro' },
    ]
    const { actor, calls } = start({
      login: async (request) => (request.userId ? { access_token: `tok-${request.userId}`, token_type: 'bearer' } : { users: accounts }),
    })
    actor.send({ type: 'session.login', username: '123.456.789-09', password: 'demo1234' })
    const choosing = await waitFor(actor, (s) => s.matches('choosingAccount'))
    expect(choosing.context.usersToLogin).toEqual(accounts)
    actor.send({ type: 'session.chooseAccount', userId: 4 })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'))
    expect(calls.logins.at(-1)).toEqual({ username: '123.456.789-09', password: 'demo1234', userId: 4 })
    expect(snapshot.context.token).toBe('tok-4')
    expect(snapshot.context.usersToLogin).toEqual([])
    expect(snapshot.context.pendingCredentials).toBeNull()
  })

  it('logout clears stored session, account list and user, and goes to login', async () => {
    const { actor, calls } = start({ token: 'stored' })
    await waitFor(actor, (s) => s.matches('loggedIn'))
    actor.send({ type: 'session.logout' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches('loggedOut')).toBe(true)
    expect(snapshot.context).toMatchObject({ token: null, currentUser: null, usersToLogin: [] })
    expect(calls.clearStoredSession).toBe(1)
    expect(calls.navigateToLogin).toBe(1)
    // The server is asked to end this session, with its token taken before the wipe.
    expect(calls.endedOnServer).toEqual([{ token: 'stored', clearedBefore: 0, after: undefined }])
  })

  it('logout hands the server its work that still needs the token, to end the session after it', async () => {
    const { actor, calls } = start({ token: 'stored' })
    await waitFor(actor, (s) => s.matches('loggedIn'))
    const pushForgotten = Promise.resolve()
    actor.send({ type: 'session.logout', after: pushForgotten })
    expect(calls.endedOnServer).toEqual([{ token: 'stored', clearedBefore: 0, after: pushForgotten }])
    expect(calls.clearStoredSession).toBe(1)
  })

  it('a 401 saying the session was ended shows that reason, not "expired"', async () => {
    const { actor, calls } = start({ token: 'stored' })
    await waitFor(actor, (s) => s.matches('loggedIn'))
    actor.send({ type: 'session.unauthorized', ended: true })
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ sessionExpired: true, sessionEnded: true, token: null })
    expect(calls.clearStoredSession).toBe(1)
    expect(calls.navigateToLogin).toBe(1)
    // Not a logout: nothing to end on the server.
    expect(calls.endedOnServer).toEqual([])
    actor.send({ type: 'session.login', username: 'aluno@example.com', password: 'demo1234' })
    expect(actor.getSnapshot().context).toMatchObject({ sessionExpired: false, sessionEnded: false })
  })

  it('a stored token whose session was ended says so at start', async () => {
    const ended = Object.assign(httpError(401, 'Sua sessão foi encerrada'), { detail: { detail: 'Sua sessão foi encerrada' } })
    const { actor } = start({ token: 'ended', loadUser: async () => Promise.reject(ended) })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(snapshot.context).toMatchObject({ logInError: null, sessionExpired: true, sessionEnded: true })

    const revalidated = start({ token: 'ended', keptUser: user, loadUser: async () => Promise.reject(ended) })
    expect((await waitFor(revalidated.actor, (s) => s.matches('loggedOut'))).context.sessionEnded).toBe(true)
  })

  it('a 401 forces logout and says the session expired (SPEC §4, issue 7)', async () => {
    const { actor, calls } = start({ token: 'stored' })
    await waitFor(actor, (s) => s.matches('loggedIn'))
    actor.send({ type: 'session.unauthorized' })
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
    expect(actor.getSnapshot().context.sessionExpired).toBe(true)
    expect(calls.clearStoredSession).toBe(1)
    expect(calls.navigateToLogin).toBe(1)
    // A new login attempt drops the notice.
    actor.send({ type: 'session.login', username: 'aluno@example.com', password: 'demo1234' })
    expect(actor.getSnapshot().context.sessionExpired).toBe(false)
  })

  it('an expired stored token ends logged out with the session-expired notice, not an error', async () => {
    const { actor, calls } = start({ token: 'expired', loadUser: async () => Promise.reject(httpError(401, 'Não autenticado')) })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'))
    expect(snapshot.context.logInError).toBeNull()
    expect(snapshot.context.sessionExpired).toBe(true)
    expect(snapshot.context.sessionEnded).toBe(false)
    expect(calls.clearStoredSession).toBe(1)
  })

  it('draws from the kept user at once and revalidates it behind (issue 7)', async () => {
    let answer: (u: CurrentUser) => void = () => {}
    const { actor } = start({
      token: 'stored',
      keptUser: { ...user, full_name: 'Nome antigo' },
      loadUser: () => new Promise((resolve) => (answer = resolve)),
    })
    const first = actor.getSnapshot()
    expect(first.matches({ loggedIn: 'reloading' })).toBe(true)
    expect(first.context.currentUser?.full_name).toBe('Nome antigo')
    expect(first.context.userFromDevice).toBe(true)
    expect(await waitUntilSettled(() => actor.getSnapshot(), 1)).toBe(actor.getSnapshot())
    answer({ ...user, full_name: 'Nome novo' })
    const fresh = await waitFor(actor, (s) => s.matches({ loggedIn: 'idle' }))
    expect(fresh.context.currentUser?.full_name).toBe('Nome novo')
    expect(fresh.context.userFromDevice).toBe(false)
  })

  it('keeps a user the server answered to a change over the older /users/me/ still in flight', async () => {
    let answer: (u: CurrentUser) => void = () => {}
    const { actor, calls } = start({
      token: 'stored',
      keptUser: { ...user, is_club: false },
      loadUser: () => new Promise((resolve) => (answer = resolve)),
    })
    expect(actor.getSnapshot().matches({ loggedIn: 'reloading' })).toBe(true)
    // "Participar" answered while the start's /users/me/ (asked before it) had not.
    actor.send({ type: 'session.userUpdated', user: { ...user, is_club: true } })
    answer({ ...user, is_club: false })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const after = actor.getSnapshot()
    expect(after.matches({ loggedIn: 'idle' })).toBe(true)
    expect(after.context.currentUser?.is_club).toBe(true)
    expect(after.context.userFromDevice).toBe(false)
    expect(calls.kept.map((kept) => kept.user.is_club)).toEqual([true])
  })

  it('says when the kept user was last confirmed, and moves that on with the next answer', async () => {
    let answer: (u: CurrentUser) => void = () => {}
    const { actor, calls } = start({
      token: 'stored',
      keptUser: user,
      keptUserAt: 1_000,
      loadUser: () => new Promise((resolve) => (answer = resolve)),
    })
    expect(actor.getSnapshot().context.userUpdatedAt).toBe(1_000)
    answer({ ...user, full_name: 'Nome novo' })
    const fresh = await waitFor(actor, (s) => s.matches({ loggedIn: 'idle' }))
    expect(fresh.context.userUpdatedAt).toBeGreaterThan(1_000)
    expect(calls.kept).toEqual([{ user: fresh.context.currentUser, updatedAt: fresh.context.userUpdatedAt }])
    actor.send({ type: 'session.userUpdated', user: { ...user, pwa_installed: true } })
    expect(calls.kept.at(-1)?.user.pwa_installed).toBe(true)
  })

  it('starts where the view read before it loads says it starts', () => {
    const inputs: SessionInput[] = [
      { token: null },
      { token: null, keptUser: user },
      { token: 'stored' },
      { token: 'stored', keptUser: user, keptUserAt: 5 },
    ]
    const states = ['initializing', 'loggedOut', 'loggingIn', 'choosingAccount', 'loggingInAs', 'loadingUser', 'loggedIn'] as const
    for (const input of inputs) {
      const machine = sessionMachine.provide({ actors: { loadUser: fromPromise(() => new Promise<CurrentUser>(() => {})) } })
      const first = createActor(machine, { input }).start().getSnapshot()
      const view = startingView(input)
      expect(view.context).toEqual(first.context)
      expect(view.hasTag('busy')).toBe(first.hasTag('busy'))
      for (const state of states) expect(view.matches(state), `${state} for ${JSON.stringify(input)}`).toBe(first.matches(state))
      for (const child of ['entering', 'idle', 'reloading'] as const)
        expect(view.matches({ loggedIn: child })).toBe(first.matches({ loggedIn: child }))
    }
    // An event sent while the machine loads shows as work in flight: the guards wait for it.
    expect(startingView({ token: null }, true).hasTag('busy')).toBe(true)
  })

  it('keeps the kept user when the server does not answer; only a 401 ends the session', async () => {
    const { actor, calls } = start({
      token: 'stored',
      keptUser: user,
      loadUser: async () => Promise.reject(new Error('Não foi possível conectar ao servidor.')),
    })
    const offline = await waitFor(actor, (s) => s.matches({ loggedIn: 'idle' }))
    expect(offline.context.currentUser?.id).toBe(user.id)
    expect(offline.context.userFromDevice).toBe(true)
    expect(calls.clearStoredSession).toBe(0)

    const refused = start({ token: 'stored', keptUser: user, loadUser: async () => Promise.reject(httpError(401, 'Não autenticado')) })
    const expired = await waitFor(refused.actor, (s) => s.matches('loggedOut'))
    expect(expired.context.sessionExpired).toBe(true)
    expect(expired.context.currentUser).toBeNull()
    expect(refused.calls.clearStoredSession).toBe(1)
    expect(refused.calls.navigateToLogin).toBe(1)
  })

  it('ignores a kept user without a token', () => {
    const { actor } = start({ keptUser: user })
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true)
    expect(actor.getSnapshot().context.currentUser).toBeNull()
  })

  it('flags a registration update for an incomplete profile', async () => {
    const { actor } = start({ token: 'stored', loadUser: async () => ({ ...user, phone: '' }) })
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'))
    expect(snapshot.context.requiresUpdate).toBe(true)
  })

  it('keeps the new token a password change hands out (D10)', async () => {
    const { actor, calls } = start({ token: 'stored' })
    await waitFor(actor, (s) => s.matches('loggedIn'))
    actor.send({ type: 'session.tokenRefreshed', token: 'fresh' })
    expect(actor.getSnapshot().context.token).toBe('fresh')
    expect(calls.persistToken).toEqual(['fresh'])
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true)
  })

  it('toggles the drawer', () => {
    const { actor } = start({})
    expect(actor.getSnapshot().context.showDrawer).toBe(true)
    actor.send({ type: 'session.toggleDrawer' })
    expect(actor.getSnapshot().context.showDrawer).toBe(false)
  })

  it('waitUntilSettled polls every 100 ms until the user is loaded', async () => {
    vi.useFakeTimers()
    try {
      let resolveUser: (u: CurrentUser) => void = () => {}
      const { actor } = start({ token: 'stored', loadUser: () => new Promise((resolve) => (resolveUser = resolve)) })
      const settled = waitUntilSettled(() => actor.getSnapshot())
      await vi.advanceTimersByTimeAsync(250)
      expect(actor.getSnapshot().matches('loadingUser')).toBe(true)
      resolveUser(user)
      await vi.advanceTimersByTimeAsync(100)
      expect((await settled).matches('loggedIn')).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
