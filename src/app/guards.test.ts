import { describe, expect, it } from 'vitest'
import { loginRouteGuard, protectedRouteGuard, rootRouteGuard, type GuardSession } from './guards.ts'

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
  it('sends a user who must update the registration to /profile-update when the flag is on', () => {
    const session = { ...loggedIn, requiresUpdate: true }
    expect(protectedRouteGuard(session, '/dashboard', true)).toEqual({ redirectTo: '/profile-update' })
    expect(protectedRouteGuard(session, '/profile-update/form', true)).toBeNull()
    expect(protectedRouteGuard(session, '/dashboard', false)).toBeNull()
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
})
