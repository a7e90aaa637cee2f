import * as v from 'valibot'
import { LoginForm } from '../../contract/schemas/auth.ts'
import { keptLoginOrigin, LOGIN_ORIGIN_FIELDS, type LoginOrigin } from './login-origin.ts'

/**
 * The kept landing page origin (D25) for the login's body: only the values the login
 * form accepts (at most 100 characters, no control characters), so a bad link never blocks
 * the login; the others are left out.
 */
export function loginOriginBody(): LoginOrigin {
  const kept = keptLoginOrigin()
  const origin: LoginOrigin = {}
  for (const field of LOGIN_ORIGIN_FIELDS) {
    const value = kept[field]
    if (typeof value === 'string' && v.is(LoginForm.entries[field], value)) origin[field] = value
  }
  return origin
}
