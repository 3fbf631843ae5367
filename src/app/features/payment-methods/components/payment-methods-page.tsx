import { Badge, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { paymentMethodInput, type PaymentMethod } from '../../../../shared/contract/payment-methods';
import { PAYMENT_METHOD_KINDS, PAYMENT_METHOD_MSG as M, paymentMethodKindLabel } from '../../../../shared/payment-methods';
import { RegistryDialogs } from '../../../components/registry-dialogs';
import { RegistryList } from '../../../components/registry-list';
import { usePlaceRegistry } from '../../../components/use-registry-dialogs';
import { schemaErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-hooks';
import { useSaveSubmit } from '../../../lib/use-save-submit';
import { deletePaymentMethod, paymentMethodQueries, savePaymentMethod } from '../api/payment-method-queries';
import { FormActions } from '../../../components/form-actions';

/** /cadastro/formasPagamento: the place's payment methods (issue 24). */
export function PaymentMethodsPage() {
  usePageTitle('Formas de pagamento');
  const { localId, dialogs, listProps } = usePlaceRegistry({
    list: paymentMethodQueries.list,
    deleteRow: (row: PaymentMethod) => deletePaymentMethod(row.id),
    refreshes: [paymentMethodQueries.all],
    noPlace: 'Escolha um estabelecimento para ver as formas de pagamento.',
  });

  return (
    <RegistryList
      title="Formas de pagamento"
      intro="As formas de pagamento que o estabelecimento aceita. Desative uma forma para deixá-la fora das vendas sem perder o cadastro."
      addLabel="Nova forma de pagamento"
      emptyText={M.empty}
      {...listProps}
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
    >
      <RegistryDialogs
        dialogs={dialogs}
        noun="forma de pagamento"
        form={(method, onSaved) => <PaymentMethodForm localId={localId} method={method} onSaved={onSaved} />}
        confirm={(row) => ({ question: M.deleteQuestion(row.descricao), note: M.cannotUndo })}
      />
    </RegistryList>
  );
}

function PaymentMethodForm({ localId, method, onSaved }: { localId: string; method: PaymentMethod | null; onSaved: () => Promise<void> }) {
  const form = useForm({
    initialValues: { descricao: method?.descricao ?? '', tipo: method ? String(method.tipo) : '', ativo: method?.ativo ?? true },
    validate: (v) => schemaErrors(paymentMethodInput, { localClienteId: localId, descricao: v.descricao, tipo: v.tipo ? Number(v.tipo) : undefined, ativo: v.ativo }),
  });
  const { busy, submit } = useSaveSubmit(form, (v) => savePaymentMethod({ localClienteId: localId, descricao: v.descricao, tipo: Number(v.tipo), ativo: v.ativo }, method?.id), onSaved);
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
        <FormActions busy={busy} />
      </Stack>
    </form>
  );
}
