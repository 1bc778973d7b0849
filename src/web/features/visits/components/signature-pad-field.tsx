import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@web/components/ui/button';

export type SignatureHandle = { isEmpty: () => boolean; toPng: () => string };

/** The customer draws their signature with a finger (signature_pad). Loaded lazily. */
export default function SignaturePadField({
  handle,
  labelledBy,
}: {
  handle: Ref<SignatureHandle>;
  labelledBy: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    pad.current = new SignaturePad(element, {
      penColor: '#0f172a',
      backgroundColor: 'rgb(255,255,255)',
    });
    return () => pad.current?.off();
  }, []);

  useImperativeHandle(handle, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    toPng: () => pad.current?.toDataURL('image/png') ?? '',
  }));

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={labelledBy}
        data-testid="signature-pad"
        className="h-48 w-full touch-none rounded-md border border-slate-400 bg-white"
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => pad.current?.clear()}
      >
        Clear signature
      </Button>
    </div>
  );
}
