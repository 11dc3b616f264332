/** A QR code drawn as inline SVG (see qr-svg.ts), computed once per text. */
import { memo, useMemo } from 'react';
import { qrMatrix, qrPath, qrSide } from './qr-svg';

export interface QrCodeProps {
  text: string;
  /** The accessible name of the picture ('Badge QR code of Ana García'). */
  label: string;
  size: string;
}

/** The code, black on white with its quiet zone. */
export const QrCode = memo(function QrCode({ text, label, size }: QrCodeProps) {
  const { path, side } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { path: qrPath(matrix), side: qrSide(matrix) };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', flexShrink: 0 }}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
});
