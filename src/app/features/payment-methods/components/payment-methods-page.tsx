import { Badge, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentMethodInput, type PaymentMethod } from '../../../../shared/contract/payment-methods';
import { PAYMENT_METHOD_KINDS, PAYMENT_METHOD_MSG as M, paymentMethodKindLabel } from '../../../../shared/payment-methods';
import { MANAGER_ROLES } from '../../../../shared/permissions';
import { hasAccess } from '../../../../shared/roles';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { RegistryList } from '../../../components/registry-list';
import { useRegistryDialogs } from '../../../components/use-registry-dialogs';
import { apiFieldErrors, schemaErrors } from '../../../lib/form-errors';
import { usePageTitle, useSession } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deletePaymentMethod, paymentMethodQueries, savePaymentMethod } from '../api/payment-method-queries';

/** /cadastro/formasPagamento: the place's payment methods (issue 24). */
export function PaymentMethodsPage() {
  usePageTitle('Formas de pagamento');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const canEdit = hasAccess(session?.roles ?? '', MANAGER_ROLES);
  const queryClient = useQueryClient();
  const list = useQuery({ ...paymentMethodQueries.list(localId), enabled: Boolean(localId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentMethodQueries.all });

  const { editing, setEditing, deleting, setDeleting, busy, remove, saved } = useRegistryDialogs<PaymentMethod>((row) => deletePaymentMethod(row.id), refresh);

  return (
    <RegistryList
      title="Formas de pagamento"
      intro="As formas de pagamento que o estabelecimento aceita. Desative uma forma para deixá-la fora das vendas sem perder o cadastro."
      addLabel="Nova forma de pagamento"
      emptyText={M.empty}
      rows={list.data}
      loading={Boolean(localId) && list.isPending}
      error={!localId ? 'Escolha um estabelecimento para ver as formas de pagamento.' : list.isError ? list.error.message : null}
      rowName={(r) => r.descricao}
      columns={[
        { header: 'Nome', cell: (r) => r.descricao },
        { header: 'Tipo', cell: (r) => paymentMethodKindLabel(r.tipo) },
        { header: 'Situação', cell: (r) => (
          <Badge color={r.ativo ? 'green' : 'gray'} variant="light" tt="none" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
            {r.ativo ? 'Ativa' : 'Inativa'}
          </Badge>
        ) },
      ]}
      onAdd={canEdit && localId ? () => setEditing('new') : undefined}
      onEdit={canEdit ? setEditing : undefined}
      onDelete={canEdit ? setDeleting : undefined}
    >
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Nova forma de pagamento' : 'Editar forma de pagamento'} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        {editing !== null && (
          <PaymentMethodForm
            localId={localId}
            method={editing === 'new' ? null : editing}
            onSaved={saved}
          />
        )}
      </Modal>
      <ConfirmDelete
        opened={Boolean(deleting)}
        title="Excluir forma de pagamento"
        question={deleting ? M.deleteQuestion(deleting.descricao) : ''}
        note={M.cannotUndo}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </RegistryList>
  );
}

function PaymentMethodForm({ localId, method, onSaved }: { localId: string; method: PaymentMethod | null; onSaved: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { descricao: method?.descricao ?? '', tipo: method ? String(method.tipo) : '', ativo: method?.ativo ?? true },
    validate: (v) => schemaErrors(paymentMethodInput, { localClienteId: localId, descricao: v.descricao, tipo: v.tipo ? Number(v.tipo) : undefined, ativo: v.ativo }),
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const r = await savePaymentMethod({ localClienteId: localId, descricao: v.descricao, tipo: Number(v.tipo), ativo: v.ativo }, method?.id);
      void toastSuccess(r.Message);
      await onSaved();
    } catch (err) {
      form.setErrors(apiFieldErrors(err));
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }, (errors) => void toastError(String(Object.values(errors)[0])));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nome" withAsterisk data-autofocus maxLength={60} {...form.getInputProps('descricao')} />
        <Select
          label="Tipo"
          withAsterisk
          placeholder="Selecione"
          data={PAYMENT_METHOD_KINDS.map((k) => ({ value: String(k.id), label: k.label }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('tipo')}
        />
        <Switch label="Ativa" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
