import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A QR code of `text` (qrcode, loaded on demand), large enough to scan from across the table. */
export function LinkQrImage({ text, alt, size = 320, testId = 'pix-qr' }: { text: string; alt: string; size?: number; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (QR) => {
      const url = await QR.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'M' });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <Image src={src} alt={alt} w={size} h={size} data-testid={testId} /> : <Skeleton w={size} h={size} />;
}
