import { useEffect, useState } from 'react';

type Modules = boolean[][];

/**
 * The otpauth address as a QR code for the phone's camera, drawn as SVG squares. The encoder is
 * loaded only here, when a set-up starts, never with the sign-in page.
 */
export function MfaQrCode({ value }: { value: string }) {
  const [modules, setModules] = useState<Modules>();
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (current) setModules(encode(value, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      current = false;
    };
  }, [value]);
  const size = modules?.length ?? 1;
  return (
    <svg role="img" aria-label="QR code for your authenticator app" viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="size-44 rounded bg-white ring-1 ring-slate-200">
      <rect width={size} height={size} fill="#fff" />
      {modules && <path fill="#0f172a" d={modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('')} />}
    </svg>
  );
}
