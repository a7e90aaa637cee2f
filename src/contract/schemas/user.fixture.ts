import type { CurrentUser } from './user.ts'

// Fixed once per test run, so two calls compare equal; recent enough to need no update.
const UPDATED_AT = new Date().toISOString()

/**
 * The demo student as GET /users/me/ answers her (complete, recent registration), for unit
 * tests; pass what a test needs different.
 */
export function demoStudent(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    role: 'student',
    full_name: 'Ana Beatriz Souza',
    email: 'aluno@example.com',
    cpf: '52998224725',
    phone: '11987654321',
    cep: '01310100',
    street: 'Avenida Paulista',
    street_number: '1000',
    birth_date: '1998-04-12',
    guardian_name: null,
    guardian_cpf: null,
    updated_at: UPDATED_AT,
    is_club: true,
    drive_user: { id: 1, company: { id: 1, name: 'KNN Centro', escola_id: 2 } },
    driver_tour: {},
    pwa_installed: false,
    email_verified: true,
    ...overrides,
  }
}
