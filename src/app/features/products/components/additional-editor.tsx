import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  ADDITIONAL_TYPE,
  ADDITIONAL_TYPE_LABELS,
  PRODUCT_MSG,
  freeQuantityCap,
  freeQuantityEnabled,
  nonNegative,
  setAdditionalField,
  setAdditionalType,
  validateAdditional,
  type AdditionalDraft,
} from '../../../../shared/products';
import { formatBRL } from '../../../../shared/format';
import { toastError } from '../../../lib/toast';
import { MoneyInput } from './money-input';
import { ProductPicker } from './product-picker';
import { TrashIcon } from '../../../components/icons';
import { DataTable } from '../../../components/data-table';

/** An add-on as the screens hold it (the rules' draft plus what the table and the payloads need). */
export interface AdditionalRow extends AdditionalDraft {
  key: string;
  id?: string | null;
  produtoId: string | null;
  produtoNome: string;
  produtoValor: number | null;
  tipo: number;
  quantidade: number | null;
  minimo: number | null;
  maximo: number | null;
  podeSerGratuito: boolean;
  quantidadeGratuito: number | null;
  observacao?: string;
  categoria?: string;
  maximoCategoria?: number;
  minimoComposicaoProduto?: number;
  produtoImpressoraRemota?: boolean;
}

const blank = (): AdditionalRow => ({
  key: crypto.randomUUID(),
  produtoId: null,
  produtoNome: '',
  produtoValor: null,
  tipo: ADDITIONAL_TYPE.fixed,
  quantidade: 1,
  minimo: 0,
  maximo: 1,
  podeSerGratuito: false,
  quantidadeGratuito: 0,
});

const typeOptions = Object.entries(ADDITIONAL_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const num = (v: string | number) => (v === '' || v === null ? null : Number(v));

/**
 * Adds the product's add-ons (spec 001 §3 Additional, §4, §5): fixed, variable or composition, with
 * every quantity, minimum, maximum and free-quantity rule. `editor` uses the edit form's wording.
 */
export function AdditionalEditor({ localId, rows, onChange, productFreeLimit, editor = false, excludeProductId }: {
  localId: string;
  rows: AdditionalRow[];
  onChange: (rows: AdditionalRow[]) => void;
  productFreeLimit: number;
  editor?: boolean;
  excludeProductId?: string;
}) {
  const [draft, setDraft] = useState<AdditionalRow>(blank);
  const [error, setError] = useState<string | null>(null);
  // Bumped when a typed value is corrected: a NumberInput whose value was already 0 would otherwise
  // keep showing the "-1" typed into it (its value prop did not change).
  const [corrected, setCorrected] = useState(0);
  const usedByOthers = rows.reduce((s, r) => s + (r.podeSerGratuito ? r.quantidadeGratuito ?? 0 : 0), 0);
  const ctx = { productFreeLimit, otherFree: usedByOthers };

  /** Typing: only a negative number is corrected at once; the other caps apply on leaving the field. */
  const type = (field: 'quantidade' | 'minimo' | 'maximo' | 'quantidadeGratuito', raw: string | number) => {
    const v = num(raw);
    if (v !== null && v < 0) {
      const r = nonNegative(v);
      void toastError(r.message!);
      setDraft((d) => ({ ...d, [field]: r.value }));
      setCorrected((n) => n + 1);
      return;
    }
    setDraft((d) => ({ ...d, [field]: v }));
  };
  const settle = (field: 'quantidade' | 'minimo' | 'maximo' | 'quantidadeGratuito') => {
    setDraft((d) => setAdditionalField(d, field, d[field] ?? null, ctx).draft as AdditionalRow);
  };

  const add = () => {
    const message = validateAdditional(draft, { ...ctx, editor });
    setError(message);
    if (message) {
      void toastError(message);
      return;
    }
    onChange([...rows, { ...draft, produtoNome: draft.produtoNome.trim() }]);
    setDraft(blank());
  };

  const switchType = (row: AdditionalRow, tipo: number) => {
    let next = setAdditionalType(row, tipo) as AdditionalRow;
    if (tipo === ADDITIONAL_TYPE.fixed && !((next.quantidade ?? 0) > 0)) next = { ...next, quantidade: 1 };
    if (tipo === ADDITIONAL_TYPE.variable && !((next.maximo ?? 0) > 0)) next = { ...next, minimo: 0, maximo: 1 };
    onChange(rows.map((r) => (r.key === row.key ? next : r)));
  };

  const variable = draft.tipo === ADDITIONAL_TYPE.variable;
  const freeEnabled = freeQuantityEnabled(draft);
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Novo adicional
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ProductPicker
              localId={localId}
              value={draft.produtoNome}
              excludeId={excludeProductId}
              error={error === PRODUCT_MSG.additionalProductRequired ? error : null}
              onChange={(name, p) =>
                setDraft((d) => ({ ...d, produtoNome: name, produtoId: p?.id ?? null, produtoValor: p ? p.valor : d.produtoId ? null : d.produtoValor }))
              }
            />
            <MoneyInput
              label="Valor do adicional"
              value={draft.produtoValor}
              onChange={(v) => setDraft((d) => ({ ...d, produtoValor: v }))}
              disabled={Boolean(draft.produtoId)}
              description={draft.produtoId ? 'O valor vem do produto escolhido.' : undefined}
            />
            <Select
              label="Tipo de adicional"
              data={typeOptions}
              value={String(draft.tipo)}
              onChange={(v) => setDraft((d) => setAdditionalType(d, Number(v ?? ADDITIONAL_TYPE.fixed)) as AdditionalRow)}
              allowDeselect={false}
              withAsterisk
            />
            <NumberInput
              key={`quantidade-${corrected}`}
              label="Quantidade (baixa de estoque)"
              value={draft.quantidade ?? ''}
              onChange={(v) => type('quantidade', v)}
              onBlur={() => settle('quantidade')}
              allowDecimal={false}
              withAsterisk={!variable}
            />
            {variable && (
              <>
                <NumberInput key={`minimo-${corrected}`} label="Quantidade mínima" value={draft.minimo ?? ''} onChange={(v) => type('minimo', v)} onBlur={() => settle('minimo')} allowDecimal={false} withAsterisk />
                <NumberInput key={`maximo-${corrected}`} label="Quantidade máxima" value={draft.maximo ?? ''} onChange={(v) => type('maximo', v)} onBlur={() => settle('maximo')} allowDecimal={false} withAsterisk />
                <Checkbox
                  label="Pode ser gratuito"
                  checked={draft.podeSerGratuito}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setDraft((d) => ({ ...d, podeSerGratuito: on, quantidadeGratuito: on ? d.quantidadeGratuito : 0 }));
                  }}
                  mt="lg"
                />
                <NumberInput
                  key={`gratuito-${corrected}`}
                  label="Quantidade máxima gratuita"
                  value={draft.quantidadeGratuito ?? ''}
                  onChange={(v) => type('quantidadeGratuito', v)}
                  onBlur={() => settle('quantidadeGratuito')}
                  disabled={!freeEnabled}
                  allowDecimal={false}
                  description={`Disponível no limite do produto: ${freeQuantityCap(draft, productFreeLimit, usedByOthers)}`}
                />
              </>
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="light" onClick={add}>
              Adicionar adicional
            </Button>
          </Group>
        </Stack>
      </Paper>

      {rows.length === 0 ? (
        <Text c="dimmed">Nenhum adicional neste produto.</Text>
      ) : (
        <DataTable minWidth={640} striped stickyHeader aria-label="Adicionais do produto" head={['Produto', 'Valor', 'Tipo', 'Qtd.', 'Mín.', 'Máx.', 'Grátis', { label: 'Ações', hidden: true }]}>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-testid="additional-row">
              <Table.Td>
                {r.produtoNome}
                {!r.produtoId && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (novo)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{r.produtoValor === null ? '—' : formatBRL(r.produtoValor)}</Table.Td>
              <Table.Td>
                {r.tipo === ADDITIONAL_TYPE.composition ? (
                  ADDITIONAL_TYPE_LABELS[r.tipo]
                ) : (
                  <Select
                    aria-label={`Tipo do adicional ${r.produtoNome}`}
                    data={typeOptions.filter((o) => o.value !== String(ADDITIONAL_TYPE.composition))}
                    value={String(r.tipo)}
                    onChange={(v) => v && switchType(r, Number(v))}
                    allowDeselect={false}
                    size="xs"
                    w={120}
                  />
                )}
              </Table.Td>
              <Table.Td>{r.quantidade ?? 0}</Table.Td>
              <Table.Td>{r.tipo === ADDITIONAL_TYPE.variable ? r.minimo ?? 0 : '—'}</Table.Td>
              <Table.Td>{r.tipo === ADDITIONAL_TYPE.variable ? r.maximo ?? 0 : '—'}</Table.Td>
              <Table.Td>{r.podeSerGratuito ? r.quantidadeGratuito ?? 0 : '—'}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Remover adicional ${r.produtoNome}`} onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
                  <TrashIcon />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
