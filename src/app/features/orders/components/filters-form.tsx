import '@mantine/dates/styles.css';
import { Checkbox, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/pt-br';
import { useEffect, useState } from 'react';
import type { WorkflowState } from '../../../../shared/contract/orders';
import { DEFAULT_STATE_IDS, todayInSaoPaulo, type BoardSearch } from '../model/board-filters';
import { parseStateIds } from '../model/board-search';
import { FormActions } from '../../../components/form-actions';

/** dd/MM/yyyy as typed by a person, to YYYY-MM-DD. */
export function parseDay(input: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

interface Option {
  value: string;
  label: string;
}

/**
 * The board's filters (spec 000 §2): keyword, first and last day (start and end of day, today by
 * default), table, store and workflow states. Nothing changes until Buscar; then the URL holds them.
 */
export function FiltersForm({ search, states, tables, stores, onSearch }: {
  search: BoardSearch;
  states: WorkflowState[];
  tables: Option[];
  stores: Option[];
  onSearch: (next: BoardSearch) => void;
}) {
  const today = todayInSaoPaulo();
  const fromSearch = () => ({
    q: search.q ?? '',
    de: search.de ?? today,
    ate: search.ate ?? (search.de && search.de > today ? search.de : today),
    mesa: search.mesa ?? null,
    loja: search.loja ?? null,
    etapas: (search.etapas !== undefined ? parseStateIds(search.etapas) : DEFAULT_STATE_IDS).map(String),
  });
  const [v, setV] = useState(fromSearch);
  useEffect(() => setV(fromSearch()), [search]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const etapas = v.etapas.map(Number).sort((a, b) => a - b);
    const isDefaultStates = etapas.join(',') === DEFAULT_STATE_IDS.join(',');
    onSearch({
      q: v.q.trim() || undefined,
      de: v.de && v.de !== today ? v.de : undefined,
      ate: v.ate && v.ate !== today ? v.ate : undefined,
      mesa: v.mesa ?? undefined,
      loja: v.loja ?? undefined,
      etapas: isDefaultStates ? undefined : etapas.join(','),
      pagina: undefined,
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Filtros do painel">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
        <TextInput label="Palavra-chave" placeholder="Código, cliente, item…" size="md" value={v.q} onChange={(e) => setV({ ...v, q: e.currentTarget.value })} />
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <DateInput label="Data inicial" size="md" valueFormat="DD/MM/YYYY" dateParser={parseDay} value={v.de} onChange={(d) => setV({ ...v, de: d ?? today })} popoverProps={{ withinPortal: true }} />
          <DateInput label="Data final" size="md" valueFormat="DD/MM/YYYY" dateParser={parseDay} value={v.ate} onChange={(d) => setV({ ...v, ate: d ?? today })} popoverProps={{ withinPortal: true }} />
        </DatesProvider>
        <Select label="Mesa" placeholder="Todas" size="md" data={tables} value={v.mesa} onChange={(x) => setV({ ...v, mesa: x })} clearable searchable comboboxProps={{ withinPortal: true }} />
        <Select label="Loja" placeholder="Todas" size="md" data={stores} value={v.loja} onChange={(x) => setV({ ...v, loja: x })} clearable comboboxProps={{ withinPortal: true }} />
      </SimpleGrid>
      <Checkbox.Group label="Etapas" value={v.etapas} onChange={(etapas) => setV({ ...v, etapas })} mt="md">
        <Group gap="lg" mt={6}>
          {states.map((s) => (
            <Checkbox key={s.Id} value={String(s.Id)} label={s.Name} size="md" />
          ))}
        </Group>
      </Checkbox.Group>
      <FormActions mt="md" size="lg" submitLabel="Buscar" />
    </Paper>
  );
}
