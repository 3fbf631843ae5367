import { ActionIcon, Badge, Button, Checkbox, Combobox, Group, Paper, Pill, PillsInput, Radio, Stack, Text, TextInput, Title, useCombobox } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  normalizeText,
  OBSERVATION_TYPE,
  OBSERVATION_TYPE_LABELS,
  validateObservation,
} from '../../../../shared/products';
import type { ObservationOption } from '../../../../shared/contract/products';
import { toastError } from '../../../lib/toast';
import { createOption } from '../api/product-api';
import { productQueries } from '../api/product-queries';
import { TrashIcon } from '../../../components/icons';

export interface ObservationRow {
  key: string;
  id?: string | null;
  descricao: string;
  tipo: number;
  ehDeReserva: boolean;
  opcoes: ObservationOption[];
}

/** The place's options to pick from; typing a new one offers "Criar ..." and creates it. */
function OptionsPicker({ localId, value, onUpdate }: { localId: string; value: ObservationOption[]; onUpdate: (f: (cur: ObservationOption[]) => ObservationOption[]) => void }) {
  // Updates from the current list, not this render's: an option created a moment later must not drop one picked meanwhile.
  const add = (o: ObservationOption) => onUpdate((cur) => (cur.some((x) => x.id === o.id) ? cur : [...cur, o]));
  const queryClient = useQueryClient();
  const { data = [] } = useQuery(productQueries.options(localId));
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  // Options being created (Enter can be pressed again before the first answer).
  const [creating, setCreating] = useState(0);
  const term = normalizeText(search);
  const chosen = new Set(value.map((o) => o.id));
  const matches = data.filter((o) => !chosen.has(o.id) && normalizeText(o.descricao).includes(term)).slice(0, 50);
  const exact = data.some((o) => normalizeText(o.descricao) === term);

  // An option reached with the arrow keys is what Enter picks; else Enter takes what was typed.
  const navigated = useRef(false);

  const submit = async (val: string) => {
    navigated.current = false;
    if (val === '$create') {
      const name = search.trim();
      // Cleared at once: what is typed next is the next option, never glued to this one.
      setSearch('');
      setCreating((n) => n + 1);
      try {
        const created = await createOption(localId, name);
        void queryClient.invalidateQueries({ queryKey: productQueries.options(localId).queryKey });
        add(created);
      } catch (err) {
        void toastError(err instanceof Error ? err.message : String(err));
        setSearch((typed) => typed || name);
      } finally {
        setCreating((n) => n - 1);
      }
      return;
    }
    const o = data.find((x) => x.id === val);
    if (o) add(o);
    setSearch('');
  };

  /** Enter in the field: the typed text becomes an option (the place's of that name, else a new one); it never submits the wizard's step. */
  const onEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    if (navigated.current && combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return; // Mantine picks the highlighted option.
    // Nothing for Mantine to click (an option under a resting pointer is not a choice).
    combobox.resetSelectedOption();
    if (!search.trim()) return;
    const same = data.find((o) => normalizeText(o.descricao) === term);
    if (same && chosen.has(same.id)) setSearch('');
    else void submit(same ? same.id : '$create');
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(v) => void submit(v)}>
      <Combobox.DropdownTarget>
        <PillsInput label="Opções" withAsterisk onClick={() => combobox.openDropdown()} description="Escolha as opções ou digite uma nova.">
          <Pill.Group>
            {value.map((o) => (
              <Pill key={o.id} data-testid="option-pill" withRemoveButton onRemove={() => onUpdate((cur) => cur.filter((x) => x.id !== o.id))} removeButtonProps={{ 'aria-label': `Remover opção ${o.descricao}` }}>
                {o.descricao}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label="Opções"
                value={search}
                placeholder={creating > 0 ? 'Criando…' : 'Buscar ou criar opção'}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  navigated.current = false;
                  setSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') navigated.current = true;
                  if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                    onEnter(e);
                    return;
                  }
                  if (e.key === 'Backspace' && !search && value.length) {
                    e.preventDefault();
                    onUpdate((cur) => cur.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Opções" mah={240} style={{ overflowY: 'auto' }}>
          {matches.map((o) => (
            <Combobox.Option value={o.id} key={o.id}>
              {o.descricao}
            </Combobox.Option>
          ))}
          {!exact && search.trim() && <Combobox.Option value="$create">{`Criar "${search.trim()}"`}</Combobox.Option>}
          {exact && matches.length === 0 && <Combobox.Empty>Nenhuma outra opção</Combobox.Empty>}
          {!search.trim() && matches.length === 0 && <Combobox.Empty>Digite para criar uma opção</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

const blank = () => ({ descricao: '', tipo: OBSERVATION_TYPE.exclusive as number, ehDeReserva: false, opcoes: [] as ObservationOption[] });

/** Observation groups (spec 001 §3 Observation): exclusive (one option) or inclusive (several). */
export function ObservationEditor({ localId, rows, onChange }: { localId: string; rows: ObservationRow[]; onChange: (rows: ObservationRow[]) => void }) {
  const [draft, setDraft] = useState(blank);
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const message = validateObservation(draft);
    setError(message);
    if (message) {
      void toastError(message);
      return;
    }
    onChange([...rows, { ...draft, descricao: draft.descricao.trim(), key: crypto.randomUUID() }]);
    setDraft(blank());
  };
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Nova observação
          </Title>
          <TextInput
            label="Descrição da observação"
            placeholder="Ex.: Ponto da carne"
            value={draft.descricao}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setDraft((d) => ({ ...d, descricao: v }));
            }}
            withAsterisk
            error={error && !draft.descricao.trim() ? error : undefined}
          />
          <Radio.Group label="Tipo" value={String(draft.tipo)} onChange={(v) => setDraft((d) => ({ ...d, tipo: Number(v) }))} withAsterisk>
            <Group mt={4}>
              {Object.entries(OBSERVATION_TYPE_LABELS).map(([v, l]) => (
                <Radio key={v} value={v} label={l} />
              ))}
            </Group>
          </Radio.Group>
          <OptionsPicker localId={localId} value={draft.opcoes} onUpdate={(f) => setDraft((d) => ({ ...d, opcoes: f(d.opcoes) }))} />
          <Checkbox label="Observação de reserva" checked={draft.ehDeReserva} onChange={(e) => {
            const v = e.currentTarget.checked;
            setDraft((d) => ({ ...d, ehDeReserva: v }));
          }} />
          <Group justify="flex-end">
            <Button variant="light" onClick={add}>
              Adicionar observação
            </Button>
          </Group>
        </Stack>
      </Paper>
      {rows.length === 0 ? (
        <Text c="dimmed">Nenhuma observação neste produto.</Text>
      ) : (
        rows.map((o) => (
          <Paper key={o.key} withBorder p="sm" radius="md" data-testid="observation-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{o.descricao}</Text>
                  <Badge variant="light">{OBSERVATION_TYPE_LABELS[o.tipo]}</Badge>
                  {o.ehDeReserva && <Badge variant="outline">Reserva</Badge>}
                </Group>
                <Group gap={6}>
                  {o.opcoes.map((op) => (
                    <Pill key={op.id}>{op.descricao}</Pill>
                  ))}
                </Group>
              </Stack>
              <ActionIcon variant="subtle" color="red" aria-label={`Remover observação ${o.descricao}`} onClick={() => onChange(rows.filter((x) => x.key !== o.key))}>
                <TrashIcon />
              </ActionIcon>
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
