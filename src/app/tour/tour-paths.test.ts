import { describe, expect, it } from 'vitest'
import { dueTour, tourRouteOfPath, type TourEligibility } from './tour-paths.ts'

const base: TourEligibility = {
  userId: 7,
  route: 'dashboard',
  driverTour: {},
  showsNavigation: true,
  online: true,
  userConfirmed: true,
  closedThisVisit: new Set(),
}

describe('tour paths', () => {
  it("knows the dashboard, the class list and every class's practice area", () => {
    expect(tourRouteOfPath('/dashboard')).toBe('dashboard')
    expect(tourRouteOfPath('/dashboard/')).toBe('dashboard')
    expect(tourRouteOfPath('/pedagogico/list')).toBe('pedagogico-list')
    expect(tourRouteOfPath('/pedagogico/minha-pratica/3')).toBe('pedagogico-minha-pratica')
    expect(tourRouteOfPath('/pedagogico/minha-pratica/3/')).toBe('pedagogico-minha-pratica')
    expect(tourRouteOfPath('/pedagogico/minha-pratica/abc')).toBeUndefined()
    expect(tourRouteOfPath('/financial')).toBeUndefined()
  })

  it('starts a tour the record lacks, online, with the navigation shown', () => {
    expect(dueTour(base)).toBe('dashboard')
    expect(dueTour({ ...base, driverTour: { 'pedagogico-list': true } })).toBe('dashboard')
  })

  it('never starts a seen tour, one closed on this visit, offline, before the server confirmed the user, without navigation or off a tour screen', () => {
    expect(dueTour({ ...base, driverTour: { dashboard: true } })).toBeUndefined()
    expect(dueTour({ ...base, closedThisVisit: new Set(['7:dashboard']) })).toBeUndefined()
    expect(dueTour({ ...base, closedThisVisit: new Set(['8:dashboard']) })).toBe('dashboard')
    expect(dueTour({ ...base, online: false })).toBeUndefined()
    expect(dueTour({ ...base, userConfirmed: false })).toBeUndefined()
    expect(dueTour({ ...base, showsNavigation: false })).toBeUndefined()
    expect(dueTour({ ...base, route: undefined })).toBeUndefined()
  })
})
