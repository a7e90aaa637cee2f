import { describe, expect, it } from 'vitest'
import { clickTarget, FALLBACK_NOTIFICATION, notificationFor, windowToReuse } from './push-notification.ts'

const ORIGIN = 'https://portal.knn.example'
const payload = {
  title: 'Prova na sexta',
  body: 'Revise as unidades 3 e 4.',
  link: '/pedagogico/list',
  image: 'https://cdn.example/prova.png',
  tag: 'sending-7',
  delivery_id: '6f1c7c1e-2b7a-4a53-9a64-0d6f0c7a1b2c',
}

describe('notificationFor', () => {
  it("shows the payload with the brand's icon, its image and its sending's tag", () => {
    expect(notificationFor(JSON.stringify(payload), 'phenom')).toEqual({
      title: 'Prova na sexta',
      options: {
        body: 'Revise as unidades 3 e 4.',
        icon: '/icons/phenom-192.png',
        badge: '/icons/phenom-192.png',
        image: 'https://cdn.example/prova.png',
        tag: 'sending-7',
        data: { link: '/pedagogico/list', deliveryId: payload.delivery_id },
      },
    })
    expect(notificationFor(JSON.stringify({ ...payload, image: null }), 'knn').options).not.toHaveProperty('image')
  })

  it('still shows something for an empty, broken or foreign payload', () => {
    for (const text of [null, '', 'não é json', JSON.stringify({ title: 1 })]) {
      const shown = notificationFor(text, 'knn')
      expect(shown.title).toBe(FALLBACK_NOTIFICATION.title)
      expect(shown.options).toMatchObject({
        body: FALLBACK_NOTIFICATION.body,
        icon: '/icons/knn-192.png',
        data: { link: '/dashboard', deliveryId: null },
      })
    }
  })
})

describe('clickTarget', () => {
  it('opens a path of this portal, and the dashboard for anything else', () => {
    expect(clickTarget('/financial?aba=parcelas', ORIGIN)).toBe(`${ORIGIN}/financial?aba=parcelas`)
    for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', undefined, 42]) {
      expect(clickTarget(link, ORIGIN)).toBe(`${ORIGIN}/dashboard`)
    }
  })
})

describe('windowToReuse', () => {
  const tab = (url: string, focused = false, visibilityState: DocumentVisibilityState = 'hidden') => ({ url, focused, visibilityState })

  it('prefers the focused portal tab, then a visible one, then any; never another site', () => {
    const hidden = tab(`${ORIGIN}/me`)
    const visible = tab(`${ORIGIN}/dashboard`, false, 'visible')
    const focused = tab(`${ORIGIN}/financial`, true, 'visible')
    expect(windowToReuse([hidden, visible, focused], ORIGIN)).toBe(focused)
    expect(windowToReuse([hidden, visible], ORIGIN)).toBe(visible)
    expect(windowToReuse([hidden], ORIGIN)).toBe(hidden)
    expect(windowToReuse([tab('https://outro.example/', true, 'visible')], ORIGIN)).toBeNull()
    expect(windowToReuse([], ORIGIN)).toBeNull()
  })
})
