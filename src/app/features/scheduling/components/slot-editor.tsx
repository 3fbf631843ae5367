import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { canAddSlot, SCHED_MSG, SCHEDULE_WEEKDAYS, sortSlots, type Slot } from '../../../../shared/scheduling';
import { TrashIcon } from '../../../components/icons';
import { toastError } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table';

const WEEKDAY_OPTIONS = Object.entries(SCHEDULE_WEEKDAYS).map(([value, label]) => ({ value, label }));

export type SlotRow = Slot & { key: string };
let seq = 0;
export const slotKey = () => `n${++seq}`;

/**
 * The weekday/time entry form that appends rows to a table (spec 001 §2.4 item 1): the add button
 * is disabled until some field is set; the slot rules (and no overlap within a day) run on add.
 */
export function SlotEditor({ rows, onChange, error }: { rows: SlotRow[]; onChange: (rows: SlotRow[]) => void; error?: string }) {
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const draft = { dayOfWeek: day ? Number(day) : null, startHour: start || null, endHour: end || null };
    const m = canAddSlot(rows, draft);
    setProblem(m);
    if (m) {
      void toastError(m);
      return;
    }
    onChange(sortSlots([...rows, { ...(draft as Slot), id: null, key: slotKey() }]));
    setStart('');
    setEnd('');
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select label="Dia da semana" placeholder="Selecione" data={WEEKDAY_OPTIONS} value={day} onChange={setDay} w={{ base: '100%', xs: 170 }} allowDeselect={false} />
        <TextInput label="Hora inicial" type="time" value={start} onChange={(e) => setStart(e.currentTarget.value)} w={{ base: 'calc(50% - 6px)', xs: 130 }} />
        <TextInput label="Hora final" type="time" value={end} onChange={(e) => setEnd(e.currentTarget.value)} w={{ base: 'calc(50% - 6px)', xs: 130 }} />
        <Button variant="light" onClick={add} disabled={!day && !start && !end}>
          Adicionar horário
        </Button>
      </Group>
      {(problem || error) && (
        <Text c="red.8" size="sm" role="alert">
          {problem ?? error}
        </Text>
      )}
      <DataTable minWidth={320} striped aria-label="Horários cadastrados" verticalSpacing="xs" head={['Dia da semana', 'Hora inicial', 'Hora final', { label: 'Excluir', hidden: true }]}>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text c="gray.7" size="sm">
                {SCHED_MSG.noSlots}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((r) => (
            <Table.Tr key={r.key} data-testid="slot-row">
              <Table.Td>{SCHEDULE_WEEKDAYS[r.dayOfWeek]}</Table.Td>
              <Table.Td>{r.startHour}</Table.Td>
              <Table.Td>{r.endHour}</Table.Td>
              <Table.Td ta="right">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={`Excluir horário de ${SCHEDULE_WEEKDAYS[r.dayOfWeek]} ${r.startHour} a ${r.endHour}`}
                  onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                >
                  <TrashIcon />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </DataTable>
    </Stack>
  );
}
