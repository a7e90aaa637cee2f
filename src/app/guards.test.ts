import { describe, expect, it } from 'vitest'
import {
  knnClubRouteGuard,
  loginRouteGuard,
  managerRouteGuard,
  profileCreationRouteGuard,
  profileUpdateRouteGuard,
  protectedRouteGuard,
  REGISTRATION_UPDATE_REDIRECT_ENABLED,
  returnPathOf,
  rootRouteGuard,
  type GuardSession,
} from './guards.ts'

const loggedIn: GuardSession = { isLoggedIn: true, isBookEmpty: false, requiresUpdate: false, hasDriveUser: true }
const loggedOut: GuardSession = { isLoggedIn: false, isBookEmpty: false, requiresUpdate: false, hasDriveUser: false }

describe('route guards (SPEC §2)', () => {
  it('sends a logged-out visitor to /login/main', () => {
    expect(protectedRouteGuard(loggedOut, '/dashboard')).toEqual({ redirectTo: '/login/main' })
  })
  it('lets a logged-out visitor with an empty book through (profile creation)', () => {
    expect(protectedRouteGuard({ ...loggedOut, isBookEmpty: true }, '/profile-creation')).toBeNull()
  })
  it('lets a logged-in user through', () => {
    expect(protectedRouteGuard(loggedIn, '/me')).toBeNull()
  })
  it('sends a user who must update the registration to /profile-update/start, with where they were going', () => {
    const session = { ...loggedIn, requiresUpdate: true }
    expect(REGISTRATION_UPDATE_REDIRECT_ENABLED).toBe(true)
    expect(protectedRouteGuard(session, '/financial', { returnTo: '/financial?aba=2' })).toEqual({
      redirectTo: '/profile-update/start',
      search: { redirect: '/financial?aba=2' },
    })
    expect(protectedRouteGuard(session, '/pedagogico/notas/3')).toEqual({
      redirectTo: '/profile-update/start',
      search: { redirect: '/pedagogico/notas/3' },
    })
    // Home is where they go anyway.
    expect(protectedRouteGuard(session, '/dashboard')).toEqual({ redirectTo: '/profile-update/start' })
    expect(protectedRouteGuard(session, '/')).toEqual({ redirectTo: '/profile-update/start' })
    expect(protectedRouteGuard(session, '/profile-update/form')).toBeNull()
    expect(protectedRouteGuard(session, '/profile-update')).toBeNull()
    expect(protectedRouteGuard(session, '/profile-updater')).toEqual({
      redirectTo: '/profile-update/start',
      search: { redirect: '/profile-updater' },
    })
    expect(protectedRouteGuard(session, '/dashboard', { registrationUpdateEnabled: false })).toBeNull()
    expect(protectedRouteGuard(loggedIn, '/dashboard')).toBeNull()
  })
  it('returns only to a path of this app, never to another site or back into a guard', () => {
    for (const path of ['/financial', '/pedidos?x=1#y', '/me/']) expect(returnPathOf(path), path).toBe(path)
    for (const path of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'financial',
      '/login/main',
      '/profile-update/form',
      '/dashboard',
      '/',
      '/a\nb',
      `/${'a'.repeat(2000)}`,
      3,
      undefined,
    ])
      expect(returnPathOf(path), String(path)).toBeUndefined()
  })
  it('/profile-update with nothing to do goes to the dashboard (SPEC §2)', () => {
    expect(profileUpdateRouteGuard(loggedIn)).toEqual({ redirectTo: '/dashboard' })
    expect(profileUpdateRouteGuard({ ...loggedIn, requiresUpdate: true })).toBeNull()
    expect(profileUpdateRouteGuard({ ...loggedOut, isBookEmpty: true })).toBeNull()
  })
  it('root goes to the dashboard, or to login without a drive_user', () => {
    expect(rootRouteGuard(loggedIn)).toEqual({ redirectTo: '/dashboard' })
    expect(rootRouteGuard({ ...loggedIn, hasDriveUser: false })).toEqual({ redirectTo: '/login/main' })
    expect(rootRouteGuard({ ...loggedIn, hasDriveUser: false, isBookEmpty: true })).toEqual({ redirectTo: '/dashboard' })
  })
  it('login pages send a logged-in user home', () => {
    expect(loginRouteGuard(loggedIn)).toEqual({ redirectTo: '/dashboard' })
    expect(loginRouteGuard(loggedOut)).toBeNull()
  })
  it('/knn-club sends a student outside the club to meu-clube, and lets a member anywhere in it', () => {
    expect(knnClubRouteGuard({ is_club: false }, '/knn-club/usar-pontos')).toEqual({ redirectTo: '/knn-club/meu-clube' })
    expect(knnClubRouteGuard({ is_club: false }, '/knn-club')).toEqual({ redirectTo: '/knn-club/meu-clube' })
    expect(knnClubRouteGuard({ is_club: false }, '/knn-club/meu-clube/')).toBeNull()
    expect(knnClubRouteGuard({ is_club: true }, '/knn-club/meu-extrato')).toBeNull()
    expect(knnClubRouteGuard(null, '/knn-club/meu-extrato')).toEqual({ redirectTo: '/knn-club/meu-clube' })
  })
  it('manager screens send anyone but a manager home (D7)', () => {
    expect(managerRouteGuard('manager')).toBeNull()
    expect(managerRouteGuard('student')).toEqual({ redirectTo: '/dashboard' })
    expect(managerRouteGuard(undefined)).toEqual({ redirectTo: '/dashboard' })
  })
})

describe('empty book (SPEC §2 /profile-creation, D8)', () => {
  // A provisional account from an empty book: no profile (registration due), no drive_user.
  const provisional: GuardSession = { isLoggedIn: true, isBookEmpty: true, requiresUpdate: true, hasDriveUser: false }

  it("sends the empty book's account from every other path to /profile-creation/new-user, not to /profile-update", () => {
    for (const path of ['/dashboard', '/me', '/profile-update/start', '/financial']) {
      expect(protectedRouteGuard(provisional, path)).toEqual({ redirectTo: '/profile-creation/new-user' })
    }
    expect(protectedRouteGuard(provisional, '/profile-creation/new-user')).toBeNull()
    expect(protectedRouteGuard(provisional, '/profile-creation/form')).toBeNull()
    expect(protectedRouteGuard(provisional, '/profile-creation')).toBeNull()
  })

  it('profileCreationRouteGuard: nothing to do (no update needed, book not empty) → dashboard', () => {
    expect(profileCreationRouteGuard(loggedIn)).toEqual({ redirectTo: '/dashboard' })
    expect(profileCreationRouteGuard(provisional)).toBeNull()
    // Either reason keeps the flow open.
    expect(profileCreationRouteGuard({ ...loggedIn, requiresUpdate: true })).toBeNull()
    expect(profileCreationRouteGuard({ ...loggedIn, isBookEmpty: true })).toBeNull()
  })

  it("lets the empty book's account stay at the root instead of going to login, though it has no drive_user", () => {
    expect(rootRouteGuard(provisional)).toEqual({ redirectTo: '/dashboard' })
    expect(rootRouteGuard({ ...provisional, isBookEmpty: false })).toEqual({ redirectTo: '/login/main' })
  })

  it('never returns to a profile-creation page after a registration update', () => {
    expect(returnPathOf('/profile-creation/form')).toBeUndefined()
  })
})
