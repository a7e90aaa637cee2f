import { describe, expect, it, vi } from 'vitest'
import { hasShareSheet, shareOrCopy, type ShareNavigator } from './share.ts'

const data = { title: 'Pix', text: '000201…' }

function fakeNavigator(overrides: Partial<ShareNavigator> = {}) {
  const writeText = vi.fn(async (_text: string) => undefined)
  const nav: ShareNavigator = { clipboard: { writeText }, ...overrides }
  return { nav, writeText }
}

describe('shareOrCopy', () => {
  it('opens the share sheet where there is one, and copies nothing', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined)
    const { nav, writeText } = fakeNavigator({ share })
    expect(await shareOrCopy(data, 'copied text', nav)).toBe('shared')
    expect(share).toHaveBeenCalledWith(data)
    expect(writeText).not.toHaveBeenCalled()
  })

  it('a closed sheet (AbortError) is the student’s choice: cancelled, nothing copied', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError')
    })
    const { nav, writeText } = fakeNavigator({ share })
    expect(await shareOrCopy(data, 'copied text', nav)).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('a sheet the browser refuses to open (NotAllowedError) falls back to the clipboard', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('No user activation', 'NotAllowedError')
    })
    const { nav, writeText } = fakeNavigator({ share })
    expect(await shareOrCopy(data, 'copied text', nav)).toBe('copied')
    expect(writeText).toHaveBeenCalledWith('copied text')
  })

  it('data the sheet cannot take (canShare false) is copied without opening it', async () => {
    const share = vi.fn(async () => undefined)
    const { nav, writeText } = fakeNavigator({ share, canShare: () => false })
    expect(hasShareSheet(data, nav)).toBe(false)
    expect(await shareOrCopy(data, 'copied text', nav)).toBe('copied')
    expect(share).not.toHaveBeenCalled()
    expect(writeText).toHaveBeenCalledWith('copied text')
  })

  it('without a share sheet it copies; a refused clipboard (or none) is failed', async () => {
    const { nav, writeText } = fakeNavigator()
    expect(hasShareSheet(data, nav)).toBe(false)
    expect(await shareOrCopy(data, 'copied text', nav)).toBe('copied')
    expect(writeText).toHaveBeenCalledWith('copied text')
    const refused: ShareNavigator = {
      clipboard: {
        writeText: async () => {
          throw new DOMException('Denied', 'NotAllowedError')
        },
      },
    }
    expect(await shareOrCopy(data, 'copied text', refused)).toBe('failed')
    expect(await shareOrCopy(data, 'copied text', {})).toBe('failed')
  })
})
