/**
 * "Adicionar dispositivo": name and a device profile, then the 8-character code (and its QR, which
 * opens /login?dispositivo={code}) to type on the tablet or phone within 10 minutes, once.
 */
import { Button, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { createDeviceRequest, type CreateDeviceResponse } from '../../../../shared/contract/devices';
import type { ProfileEntry } from '../../../../shared/contract/staff';
import { formatTime } from '../../../../shared/format';
import { DEVICE_CODE_TTL_MINUTES, formatDeviceCode } from '../../../../shared/staff';
import { createDevice } from '../api/staff-queries';
import { FormActions } from '../../../components/form-actions';
import { ProfileSelect, useStaffSubmit } from './staff-form';

export function DeviceModal({ opened, localId, profiles, onClose, onDone }: {
  opened: boolean;
  localId: string;
  profiles: ProfileEntry[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [created, setCreated] = useState<(CreateDeviceResponse & { nome: string }) | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { localId, nome: '', perfil: '' },
    validate: schemaResolver(createDeviceRequest, { sync: true }),
  });
  useEffect(() => {
    if (!created) return setQr(null);
    let alive = true;
    const address = `${window.location.origin}/login?dispositivo=${created.codigo}`;
    void QRCode.toDataURL(address, { width: 240, margin: 2, errorCorrectionLevel: 'M' }).then((url) => alive && setQr(url));
    return () => {
      alive = false;
    };
  }, [created]);
  const close = () => {
    form.reset();
    setCreated(null);
    onClose();
  };
  const { busy, submit } = useStaffSubmit(form, async (values) => {
    const res = await createDevice({ ...values, localId });
    setCreated({ ...res, nome: values.nome });
    onDone();
  });
  return (
    <Modal opened={opened} onClose={close} title="Adicionar dispositivo" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {created ? (
        <Stack align="center" gap="sm">
          <Text ta="center">
            No dispositivo <strong>{created.nome}</strong>, abra o Balcão, toque em “Entrar com código do dispositivo” e digite:
          </Text>
          <Title order={2} ff="monospace" fz={40} lts={4} data-testid="device-code" aria-label={`Código do dispositivo: ${created.codigo.split('').join(' ')}`}>
            {formatDeviceCode(created.codigo)}
          </Title>
          {qr && <Image src={qr} w={200} h={200} alt="QR code que abre a entrada do dispositivo com este código" />}
          <Text size="sm" c="dimmed" ta="center">
            Vale até {formatTime(created.expiraEm)} ({DEVICE_CODE_TTL_MINUTES} minutos) e pode ser usado uma vez. O dispositivo fica conectado até você desconectá-lo em Operadores.
          </Text>
          <Button onClick={close}>Concluir</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Nome do dispositivo" placeholder="Ex.: Tablet da cozinha" withAsterisk maxLength={60} data-autofocus {...form.getInputProps('nome')} />
            <ProfileSelect
              profiles={profiles.filter((p) => p.dispositivo)}
              description="Cozinha: abre no painel de pedidos. Garçom: abre nas mesas."
              {...form.getInputProps('perfil')}
            />
            <FormActions onCancel={close} submitLabel="Gerar código" busy={busy} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
