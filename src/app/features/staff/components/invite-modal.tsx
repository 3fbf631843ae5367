/** "Convidar": name, e-mail and profile; the person gets an e-mail with a link to create a password. */
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { inviteRequest, type ProfileEntry } from '../../../../shared/contract/staff';
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { invitePerson } from '../api/staff-queries';
import { FormActions } from '../../../components/form-actions';

export function InviteModal({ opened, localId, profiles, onClose, onDone }: {
  opened: boolean;
  localId: string;
  profiles: ProfileEntry[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { localId, nome: '', email: '', perfil: '' },
    validate: schemaResolver(inviteRequest, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await invitePerson({ ...values, localId });
      void toastSuccess(res.Message);
      onDone();
      close();
    } catch (err) {
      void toastError(err instanceof ApiError ? err.message : MSG.genericError);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Convidar pessoa" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nome" withAsterisk maxLength={120} data-autofocus {...form.getInputProps('nome')} />
          <TextInput label="E-mail" type="email" withAsterisk maxLength={320} {...form.getInputProps('email')} />
          <Select
            label="Perfil"
            withAsterisk
            data={profiles.map((p) => ({ value: p.id, label: p.nome }))}
            placeholder="Escolha"
            description="Gerente: tudo do estabelecimento. Cozinha: o painel de pedidos. Garçom: as mesas no celular."
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('perfil')}
          />
          <FormActions onCancel={close} submitLabel="Enviar convite" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
