import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { ProductSummary } from '../../../../shared/contract/products';
import { formatBRL } from '../../../../shared/format';
import { productQueries } from '../api/product-queries';

/**
 * Picks a product of the place by name, searching the server (the catalogue may hold thousands),
 * or keeps what was typed as the name of a new product.
 */
export function ProductPicker({ localId, value, onChange, excludeId, label = 'Produto', error }: {
  localId: string;
  value: string;
  onChange: (name: string, product: ProductSummary | null) => void;
  excludeId?: string;
  label?: string;
  error?: string | null;
}) {
  const [search] = useDebouncedValue(value.trim(), 250);
  const { data } = useQuery({ ...productQueries.list(localId, { pagina: 1, busca: search, tamanho: 20 }), staleTime: 30_000 });
  const options = useMemo(() => (data?.Registros ?? []).filter((p) => p.id !== excludeId), [data, excludeId]);
  const byLabel = useMemo(() => new Map(options.map((p) => [p.nome, p])), [options]);
  // The field reports the picked option's text right after the pick: keep the product picked then.
  const picked = useRef<ProductSummary | null>(null);
  return (
    <Autocomplete
      label={label}
      placeholder="Busque um produto ou digite o nome de um novo"
      value={value}
      data={[...byLabel.keys()]}
      filter={({ options: o }) => o}
      renderOption={({ option }) => {
        const p = byLabel.get(option.value);
        return p ? `${p.nome} — ${formatBRL(p.valor)}` : option.value;
      }}
      onChange={(v) => {
        if (picked.current && picked.current.nome === v) return onChange(v, picked.current);
        picked.current = null;
        onChange(v, null);
      }}
      onOptionSubmit={(v) => {
        picked.current = byLabel.get(v) ?? null;
        onChange(v, picked.current);
      }}
      withAsterisk
      error={error ?? undefined}
      comboboxProps={{ withinPortal: true }}
      description="Um nome novo cria o produto adicional."
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
