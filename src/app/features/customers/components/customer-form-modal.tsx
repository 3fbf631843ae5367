import { InputBase, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { IMaskInput } from 'react-imask';
import { customerSaveRequest, type Customer, type CustomerSaveRequest } from '../../../../shared/contract/customers';
import { brDateToIso, CUSTOMER_IDENTIFIER_MAX, GENDERS, isoToBrDate, maskCpf, maskPhone, TEXT_INPUT_MAX } from '../../../../shared/customers';
import { ApiError } from '../../../lib/api-client';
import { FormActions } from '../../../components/form-actions';

interface Values {
  nome: string;
  CPF: string;
  dataNascimento: string;
  email: string;
  telefone: string;
  identificador: string;
  sexo: string;
  categoria: string;
  nomeNaLista: string;
}

const fromCustomer = (c: Customer | null): Values => ({
  nome: c?.nome ?? '',
  CPF: maskCpf(c?.CPF),
  dataNascimento: isoToBrDate(c?.dataNascimento),
  email: c?.email ?? '',
  telefone: maskPhone(c?.telefone),
  identificador: c?.identificador ?? '',
  sexo: c?.sexo ? String(c.sexo) : '',
  categoria: c?.categoriaClienteEstabelecimentoId ?? '',
  nomeNaLista: c?.nomeNaLista ?? '',
});

export function toPayload(v: Values, localId: string, id?: string): CustomerSaveRequest {
  const birth = v.dataNascimento.trim();
  return {
    id: id ?? null,
    localClienteId: localId,
    nome: v.nome,
    CPF: v.CPF,
    // An incomplete date is sent as typed so the shared rules call it invalid.
    dataNascimento: birth ? (brDateToIso(birth) ?? birth) : null,
    email: v.email,
    telefone: v.telefone,
    identificador: v.identificador,
    sexo: v.sexo === '1' ? 1 : v.sexo === '2' ? 2 : null,
    categoriaClienteEstabelecimentoId: v.categoria || null,
    nomeNaLista: v.nomeNaLista,
  };
}

/** Every problem at once, under its field: the same schema the server validates with. */
export function formErrors(body: CustomerSaveRequest): Record<string, string> {
  const r = customerSaveRequest.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? 'nome');
    out[key] ??= issue.message;
  }
  return out;
}

export function CustomerFormModal(props: {
  opened: boolean;
  customer: Customer | null;
  localId: string;
  categories: Array<{ id: string; descricao: string }>;
  onClose: () => void;
  onSave: (body: CustomerSaveRequest) => Promise<void>;
}) {
  const { opened, customer, localId, categories, onClose, onSave } = props;
  const [v, setV] = useState<Values>(() => fromCustomer(customer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setV(fromCustomer(customer));
      setErrors({});
    }
  }, [opened, customer]);
  const set = (k: keyof Values) => (value: string) => setV((old) => ({ ...old, [k]: value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = toPayload(v, localId, customer?.id);
    const found = formErrors(body);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSave(body);
    } catch (err) {
      if (err instanceof ApiError) {
        const list = (err.body as { errors?: Array<{ path: string; message: string }> } | null)?.errors ?? [];
        const next: Record<string, string> = {};
        for (const i of list) next[i.path.replace(/^body\.?/, '') || 'nome'] ??= i.message;
        setErrors(next);
      }
    } finally {
      setBusy(false);
    }
  };

  const title = customer ? 'Editar cliente' : 'Novo cliente';
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput label="Nome" value={v.nome} onChange={(e) => set('nome')(e.currentTarget.value)} maxLength={TEXT_INPUT_MAX} error={errors.nome} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <InputBase label="CPF" component={IMaskInput} mask="000.000.000-00" value={v.CPF} inputMode="numeric" placeholder="000.000.000-00" onAccept={(value: string) => set('CPF')(value)} error={errors.CPF} />
            <InputBase label="Data de nascimento" component={IMaskInput} mask="00/00/0000" value={v.dataNascimento} inputMode="numeric" placeholder="dd/mm/aaaa" onAccept={(value: string) => set('dataNascimento')(value)} error={errors.dataNascimento} />
            <TextInput label="E-mail" type="email" value={v.email} onChange={(e) => set('email')(e.currentTarget.value)} maxLength={320} error={errors.email} autoComplete="off" />
            <InputBase label="Telefone" component={IMaskInput} mask="(00) 00000-0000" value={v.telefone} inputMode="tel" placeholder="(99) 99999-9999" onAccept={(value: string) => set('telefone')(value)} error={errors.telefone} />
            <TextInput label="Identificador" value={v.identificador} onChange={(e) => set('identificador')(e.currentTarget.value)} maxLength={CUSTOMER_IDENTIFIER_MAX} error={errors.identificador} />
            <Select label="Sexo" data={GENDERS.map((g) => ({ value: String(g.value), label: g.label }))} value={v.sexo || null} onChange={(x) => set('sexo')(x ?? '')} clearable placeholder="Não informado" />
            <Select label="Categoria" data={categories.map((c) => ({ value: c.id, label: c.descricao }))} value={v.categoria || null} onChange={(x) => set('categoria')(x ?? '')} clearable placeholder="Sem categoria" error={errors.categoriaClienteEstabelecimentoId} />
            <TextInput label="Nome na lista" value={v.nomeNaLista} onChange={(e) => set('nomeNaLista')(e.currentTarget.value)} maxLength={TEXT_INPUT_MAX} error={errors.nomeNaLista} />
          </SimpleGrid>
          <FormActions onCancel={onClose} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
