/**
 * The camera of the QR scanners (/login/qr-code, the travel campaign's "Escanear código"):
 * asking for it, naming why it cannot be used, letting it go. Each problem has its own
 * Portuguese message and every one offers choosing a photo.
 */
export type CameraProblem =
  /** No camera API here (an old browser, or a page not served over HTTPS). */
  | 'unsupported'
  /** The person (or the browser's settings) refused the camera. */
  | 'denied'
  /** No camera on this device (a desktop without a webcam). */
  | 'noCamera'
  /** A camera exists but another application holds it or it failed to start. */
  | 'busy'

/** What a failed `getUserMedia` means for the person (DOMException names of Media Capture). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera'
  if (name === 'TypeError') return 'unsupported'
  return 'busy'
}

export type CameraStart = { stream: MediaStream } | { problem: CameraProblem }

/**
 * Opens the back camera when there is one. (Not decided from `enumerateDevices()`: before
 * the permission it may list nothing on a device that has a camera; without one the browser
 * answers NotFoundError anyway, with no prompt.)
 */
export async function startCamera(devices: MediaDevices | undefined = globalThis.navigator?.mediaDevices): Promise<CameraStart> {
  if (!devices?.getUserMedia) return { problem: 'unsupported' }
  try {
    const stream = await devices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
    return { stream }
  } catch (error) {
    return { problem: cameraProblemOf(error) }
  }
}

/** Turns the camera off (its light too): every track of the stream ends. */
export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop()
}
