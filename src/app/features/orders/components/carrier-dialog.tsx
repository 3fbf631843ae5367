import { Button, Divider, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { carrierCreateRequest, type Carrier, type Order } from '../../../../shared/contract/orders';
import { PLACEHOLDER_CARRIER_ID } from '../../../../shared/orders';
import { errorText } from '../../../lib/api-client';
import { createCarrier } from '../api/order-api';
import { orderQueries } from '../api/order-queries';
import { FormActions } from '../../../components/form-actions';

export type CarrierDialogMode = 'assign' | 'transport';

/**
 * Pick one of the venue's carriers or register a new one (spec 000 §3 Carrier). In 'transport' mode
 * the confirmation also sends the order out (Transportar).
 */
export function CarrierDialog({ target, localId, onClose, onConfirm }: {
  target: { order: Order; mode: CarrierDialogMode } | null;
  localId: string;
  onClose: () => void;
  onConfirm: (carrier: Carrier) => void;
}) {
  const qc = useQueryClient();
  const carriers = useQuery({ ...orderQueries.carriers(localId), enabled: target !== null });
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ Nome: '', Telefone: '', Documento: '' });
  const [error, setError] = useState<string | null>(null);
  const [docError, setDocError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const key = target ? `${target.order.Id}:${target.mode}` : null;
  const currentCarrier = target?.order.Transportador?.Id;
  useEffect(() => {
    const current = currentCarrier;
    setSelected(current && current.toUpperCase() !== PLACEHOLDER_CARRIER_ID ? current : null);
    setCreating(false);
    setForm({ Nome: '', Telefone: '', Documento: '' });
    setError(null);
    setDocError(null);
  }, [key]);

  const list = (carriers.data ?? []).filter((c) => c.Id.toUpperCase() !== PLACEHOLDER_CARRIER_ID);
  const options = list.map((c) => ({ value: c.Id, label: c.Telefone ? `${c.Nome} · ${c.Telefone}` : c.Nome }));

  const create = async () => {
    // The server's own schema first: a name, and a real CPF/CNPJ when a document is given.
    const checked = carrierCreateRequest.safeParse({ ...form, LocalClienteId: localId });
    if (!checked.success) {
      const nameIssue = checked.error.issues.find((i) => i.path[0] === 'Nome');
      const docIssue = checked.error.issues.find((i) => i.path[0] === 'Documento');
      setError(nameIssue ? nameIssue.message : null);
      setDocError(docIssue ? docIssue.message : null);
      if (nameIssue || docIssue) return;
    }
    setDocError(null);
    setSaving(true);
    try {
      const c = await createCarrier(localId, form);
      qc.setQueryData<Carrier[]>(orderQueries.carriers(localId).queryKey, (prev) => [...(prev ?? []), c]);
      void qc.invalidateQueries({ queryKey: orderQueries.carriers(localId).queryKey });
      setSelected(c.Id);
      setCreating(false);
      setError(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (creating) {
      void create();
      return;
    }
    const c = list.find((x) => x.Id === selected);
    if (!c) {
      setError('Selecione o transportador.');
      return;
    }
    onConfirm(c);
  };

  const transport = target?.mode === 'transport';
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? `Transportador do pedido #${target.order.Codigo}` : ''} centered size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <form onSubmit={confirm} noValidate>
        <Stack>
          {!creating && (
            <Select
              label="Transportador"
              placeholder={carriers.isLoading ? 'Carregando…' : list.length ? 'Selecione' : 'Nenhum transportador cadastrado'}
              size="lg"
              data={options}
              value={selected}
              onChange={(v) => {
                setSelected(v);
                setError(null);
              }}
              error={error}
              searchable
              nothingFoundMessage="Nenhum transportador encontrado"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {creating ? (
            <>
              <Text fw={600}>Novo transportador</Text>
              <TextInput label="Nome" required size="lg" value={form.Nome} onChange={(e) => setForm({ ...form, Nome: e.currentTarget.value })} error={error} data-autofocus />
              <TextInput label="Telefone" size="lg" value={form.Telefone} onChange={(e) => setForm({ ...form, Telefone: e.currentTarget.value })} inputMode="tel" />
              <TextInput
                label="Documento"
                description="CPF ou CNPJ (opcional)"
                size="lg"
                value={form.Documento}
                onChange={(e) => {
                  setForm({ ...form, Documento: e.currentTarget.value });
                  setDocError(null);
                }}
                error={docError}
              />
              <FormActions size="lg" onCancel={() => setCreating(false)} cancelLabel="Voltar" submitLabel="Cadastrar" busy={saving} />
            </>
          ) : (
            <>
              <Button variant="subtle" size="lg" onClick={() => setCreating(true)}>
                Cadastrar novo transportador
              </Button>
              <Divider />
              <FormActions size="lg" onCancel={onClose} submitLabel={transport ? 'Transportar' : 'Salvar transportador'} />
            </>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
