import { useEffect, useState } from 'react'

/**
 * A QR code of `value` drawn as the Pix panel shows its code (an SVG in an <img>), made on
 * the device by `qrcode`, which is loaded only when a QR is drawn: the route's first render
 * does not carry it. Until it is ready, a box of the same size.
 */
export function QrImage({ value, alt, size }: { value: string | undefined; alt: string; size: number }) {
  const [drawn, setDrawn] = useState<{ value: string; svg: string } | null>(null)
  useEffect(() => {
    if (value === undefined) return
    let stopped = false
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(value, { type: 'svg', margin: 1 }))
      .then(
        (svg) => {
          if (!stopped) setDrawn({ value, svg })
        },
        () => {},
      )
    return () => {
      stopped = true
    }
  }, [value])
  if (!drawn || drawn.value !== value)
    return <div className="club-qr club-qr--pending" style={{ width: size, height: size }} aria-hidden="true" />
  return (
    <img
      className="club-qr"
      width={size}
      height={size}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
      alt={alt}
      data-testid="club-referral-qr"
    />
  )
}
