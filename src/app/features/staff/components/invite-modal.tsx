/** "Convidar": name, e-mail and profile; the person gets an e-mail with a link to create a password. */
import { Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { inviteRequest, type ProfileEntry } from '../../../../shared/contract/staff';
import { toastSuccess } from '../../../lib/toast';
import { invitePerson } from '../api/staff-queries';
import { FormActions } from '../../../components/form-actions';
import { ProfileSelect, useStaffSubmit } from './staff-form';

export function InviteModal({ opened, localId, profiles, onClose, onDone }: {
  opened: boolean;
  localId: string;
  profiles: ProfileEntry[];
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { localId, nome: '', email: '', perfil: '' },
    validate: schemaResolver(inviteRequest, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const { busy, submit } = useStaffSubmit(form, async (values) => {
    const res = await invitePerson({ ...values, localId });
    void toastSuccess(res.Message);
    onDone();
    close();
  });
  return (
    <Modal opened={opened} onClose={close} title="Convidar pessoa" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nome" withAsterisk maxLength={120} data-autofocus {...form.getInputProps('nome')} />
          <TextInput label="E-mail" type="email" withAsterisk maxLength={320} {...form.getInputProps('email')} />
          <ProfileSelect
            profiles={profiles}
            description="Gerente: tudo do estabelecimento. Cozinha: o painel de pedidos. Garçom: as mesas no celular."
            {...form.getInputProps('perfil')}
          />
          <FormActions onCancel={close} submitLabel="Enviar convite" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
