import { describe, expect, it } from 'vitest'
import { productionRedirectTarget } from './production-redirect.ts'

const schoolOne = { drive_user: { id: 7, company: { id: 3, name: 'KNN Matriz', escola_id: 1 } } }
const schoolTwo = { drive_user: { id: 8, company: { id: 4, name: 'KNN Centro', escola_id: 2 } } }
const local = { hostname: 'localhost', pathname: '/pedagogico/list', search: '?page=2' }
const production = 'https://portal.example.com'

describe('local-host redirect to production (D6)', () => {
  it('sends a school-1 student on localhost to the same path on the production site', () => {
    expect(productionRedirectTarget(local, schoolOne, production)).toBe('https://portal.example.com/pedagogico/list?page=2')
    expect(productionRedirectTarget({ ...local, hostname: '127.0.0.1' }, schoolOne, production)).toBe(
      'https://portal.example.com/pedagogico/list?page=2',
    )
  })

  it('is off without a configured production URL', () => {
    expect(productionRedirectTarget(local, schoolOne, null)).toBeNull()
  })

  it('leaves other schools, users without a school and anonymous visitors where they are', () => {
    expect(productionRedirectTarget(local, schoolTwo, production)).toBeNull()
    expect(productionRedirectTarget(local, { drive_user: null }, production)).toBeNull()
    expect(productionRedirectTarget(local, null, production)).toBeNull()
  })

  it('does nothing on a real host name', () => {
    expect(productionRedirectTarget({ ...local, hostname: 'phenom.example.com' }, schoolOne, production)).toBeNull()
    expect(productionRedirectTarget({ ...local, hostname: 'phenom.localhost' }, schoolOne, production)).toBeNull()
  })

  it('never loops to a production URL that is itself local', () => {
    expect(productionRedirectTarget(local, schoolOne, 'http://localhost:8080')).toBeNull()
  })
})
