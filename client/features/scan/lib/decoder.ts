/**
 * Reads QR codes from the camera's video (the scanner, /scan). The browser's own BarcodeDetector where
 * it has one that reads QR codes (Android Chrome, Safari 17+); elsewhere (desktop Linux Chromium,
 * Firefox) jsQR, a plain JavaScript decoder (no WebAssembly, so the page's CSP needs nothing more),
 * imported here only: its chunk loads on /scan and nowhere else.
 */

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

/** The longest side a frame is scaled to before jsQR reads it (fast enough for ~8 frames a second on a phone). */
const MAX_SIDE = 720;

async function jsQrDecoder(): Promise<FrameDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!ctx || !w || !h) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The decoder this browser gets, and which one it is (the page says nothing about it; tests read it). */
export async function createDecoder(): Promise<{ decode: FrameDecoder; kind: 'native' | 'jsqr' }> {
  const native = await nativeDetector();
  return native ? { decode: native, kind: 'native' } : { decode: await jsQrDecoder(), kind: 'jsqr' };
}
