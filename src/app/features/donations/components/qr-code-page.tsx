import { Anchor, Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { donationPageUrl, QR_DOWNLOAD_DELAY_MS, QR_SIZE } from '../../../../shared/donations';
import { saveAddress } from '../../../lib/save-file';

/**
 * /doacoes/eventos/qrcode/{linkEvent}: the QR code (350 px) of the donation site address plus the
 * event link; it downloads itself as a PNG about 0.8 s after it appears (spec 000 §2).
 */
export function QrCodePage({ linkEvent }: { linkEvent: string }) {
  useDocumentTitle(`QR code: ${linkEvent} | Balcão`);
  const address = donationPageUrl(window.location.origin, linkEvent);
  const [png, setPng] = useState<string | null>(null);
  const fileName = `qrcode-${linkEvent.replace(/[^\w-]/g, '')}.png`;
  const done = useRef(false);

  useEffect(() => {
    let alive = true;
    void QRCode.toDataURL(address, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' }).then((url) => alive && setPng(url));
    return () => {
      alive = false;
    };
  }, [address]);

  useEffect(() => {
    if (!png || done.current) return;
    const timer = setTimeout(() => {
      done.current = true;
      saveAddress(png, fileName);
    }, QR_DOWNLOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [png, fileName]);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} size="h3">
          QR code do evento
        </Title>
        {png ? <Image src={png} alt={`QR code para ${address}`} w={QR_SIZE} h={QR_SIZE} /> : <div style={{ width: QR_SIZE, height: QR_SIZE }} />}
        <Anchor href={address} target="_blank" rel="noopener" data-testid="qr-address" c="blue.9" underline="always">
          {address}
        </Anchor>
        <Text size="sm" c="gray.7">
          O download da imagem começa automaticamente.
        </Text>
        <Button onClick={() => png && saveAddress(png, fileName)} disabled={!png}>
          Baixar PNG novamente
        </Button>
      </Stack>
    </Center>
  );
}
