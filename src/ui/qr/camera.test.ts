import { describe, expect, it } from 'vitest'
import { cameraProblemOf, startCamera, stopCamera } from './camera.ts'

/** A failure as the browser names it (Media Capture and Streams' DOMException names). */
const failure = (name: string) => new DOMException('camera', name)

/** The one browser API the screen uses, answering as a device in each situation would. */
function devices(answer: () => Promise<MediaStream>): MediaDevices {
  return { getUserMedia: answer } as unknown as MediaDevices
}

function stream(): MediaStream & { tracks: { stopped: boolean }[] } {
  const tracks = [{ stopped: false }, { stopped: false }]
  return {
    tracks,
    getTracks: () => tracks.map((track) => ({ stop: () => (track.stopped = true) })),
  } as unknown as MediaStream & { tracks: { stopped: boolean }[] }
}

describe('camera problems', () => {
  it('names each failure for the person', () => {
    expect(cameraProblemOf(failure('NotAllowedError'))).toBe('denied')
    expect(cameraProblemOf(failure('SecurityError'))).toBe('denied')
    expect(cameraProblemOf(failure('NotFoundError'))).toBe('noCamera')
    expect(cameraProblemOf(failure('OverconstrainedError'))).toBe('noCamera')
    expect(cameraProblemOf(failure('NotReadableError'))).toBe('busy')
    expect(cameraProblemOf(failure('AbortError'))).toBe('busy')
    expect(cameraProblemOf(new TypeError('insecure context'))).toBe('unsupported')
    expect(cameraProblemOf('something else')).toBe('busy')
  })

  it('a browser without the camera API is told so without asking', async () => {
    expect(await startCamera(undefined)).toEqual({ problem: 'unsupported' })
    expect(await startCamera({} as MediaDevices)).toEqual({ problem: 'unsupported' })
  })

  it('a refusal and a missing camera come back as problems, a camera as its stream', async () => {
    expect(await startCamera(devices(() => Promise.reject(failure('NotAllowedError'))))).toEqual({ problem: 'denied' })
    expect(await startCamera(devices(() => Promise.reject(failure('NotFoundError'))))).toEqual({ problem: 'noCamera' })
    const opened = stream()
    expect(await startCamera(devices(() => Promise.resolve(opened)))).toEqual({ stream: opened })
  })

  it('turning the camera off stops every track, and nothing is fine too', () => {
    const opened = stream()
    stopCamera(opened)
    expect(opened.tracks).toEqual([{ stopped: true }, { stopped: true }])
    expect(() => stopCamera(null)).not.toThrow()
  })
})
