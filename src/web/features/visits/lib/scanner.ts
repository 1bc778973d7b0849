// Reads a serial number's barcode from the camera: the browser's own BarcodeDetector where it
// has one, else zxing-wasm, whose WebAssembly file is part of our build and served from our
// own origin (never a CDN), so scanning works offline too.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

type Detector = (frame: HTMLVideoElement | HTMLCanvasElement) => Promise<string | null>;

type NativeDetector = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type NativeDetectorClass = new (options?: { formats?: string[] }) => NativeDetector;

const formats = ['code_128', 'code_39', 'ean_13', 'qr_code', 'data_matrix'];

async function nativeDetector(): Promise<Detector | null> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const detector = new Native({ formats });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<Detector> {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingWasmUrl : prefix + path,
    },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  return async (frame) => {
    const width = frame instanceof HTMLVideoElement ? frame.videoWidth : frame.width;
    const height = frame instanceof HTMLVideoElement ? frame.videoHeight : frame.height;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(frame, 0, 0, width, height);
    const results = await readBarcodes(context.getImageData(0, 0, width, height), {
      formats: ['Code128', 'Code39', 'EAN-13', 'QRCode', 'DataMatrix'],
      maxNumberOfSymbols: 1,
    });
    return results.find((result) => result.isValid)?.text ?? null;
  };
}

/** The best decoder this browser has. */
export async function makeDetector(): Promise<{ detect: Detector; kind: 'native' | 'zxing' }> {
  const native = await nativeDetector();
  return native
    ? { detect: native, kind: 'native' }
    : { detect: await zxingDetector(), kind: 'zxing' };
}
