import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A QR code of `text` (qrcode, loaded on demand) as an image; `onReady` receives its PNG data URL. */
export function LinkQr({ text, alt, size = 240, onReady }: { text: string; alt: string; size?: number; onReady?: (dataUrl: string) => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (QR) => {
      const url = await QR.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'M' });
      if (live) {
        setSrc(url);
        onReady?.(url);
      }
    });
    return () => {
      live = false;
    };
  }, [text, size, onReady]);
  return src ? <Image src={src} alt={alt} w={size} h={size} /> : <Skeleton w={size} h={size} />;
}
