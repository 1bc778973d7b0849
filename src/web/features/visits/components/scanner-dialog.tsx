import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { makeDetector } from '../lib/scanner';

/** The camera with a barcode reader; answers the first value it reads. Loaded lazily. */
export default function ScannerDialog({
  label,
  onResult,
  onClose,
}: {
  label: string;
  onResult: (value: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState('Starting the camera…');
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  }, [onResult]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const { detect } = await makeDetector();
        setMessage('Point the camera at the barcode on the label.');
        while (!stopped) {
          const value = await detect(video.current).catch(() => null);
          if (value) {
            report.current(value.trim());
            return;
          }
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      } catch {
        setMessage('The camera is not available. Type the serial number instead.');
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Scan ${label}`}
      className="grid gap-2 rounded-lg border border-slate-300 bg-slate-900 p-2"
    >
      <video ref={video} muted playsInline className="aspect-video w-full rounded bg-black" />
      <p role="status" className="text-sm text-white">
        {message}
      </p>
      <Button variant="outline" className="justify-self-start" onClick={onClose}>
        Cancel scan
      </Button>
    </div>
  );
}
