import { ActionIcon, Button, Group, InputBase, Select, Stack, Text } from '@mantine/core';
import { IMask, IMaskInput } from 'react-imask';
import type { AvailableDayDto } from '../../../../shared/contract/food-config';
import { WEEKDAYS } from '../../../../shared/food-config';

const DAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: String(i), label }));

/** HH:mm in 24 h whatever the browser's locale (a native time input follows the OS and may show AM/PM). */
const HOUR_MASK = {
  mask: 'HH:MM',
  blocks: {
    HH: { mask: IMask.MaskedRange, from: 0, to: 23, maxLength: 2 },
    MM: { mask: IMask.MaskedRange, from: 0, to: 59, maxLength: 2 },
  },
};

function HourInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <InputBase
      label={label}
      component={IMaskInput}
      {...HOUR_MASK}
      value={value}
      onAccept={(v: string) => onChange(v)}
      inputMode="numeric"
      placeholder="00:00"
      w={110}
      withAsterisk
    />
  );
}

/**
 * Weekly availability (availableDay: dayOfWeek 0-6, startHour, endHour): one row per opening
 * period, several per day allowed (lunch and dinner).
 */
export function AvailabilityEditor({
  value,
  onChange,
  errorOf,
}: {
  value: AvailableDayDto[];
  onChange: (v: AvailableDayDto[]) => void;
  errorOf: (index: number) => string | undefined;
}) {
  const set = (i: number, patch: Partial<AvailableDayDto>) => onChange(value.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const add = () => {
    const last = value[value.length - 1];
    const dayOfWeek = last ? (last.dayOfWeek + 1) % 7 : 1;
    onChange([...value, { dayOfWeek, startHour: last?.startHour ?? '11:00', endHour: last?.endHour ?? '22:00' }]);
  };
  return (
    <Stack gap="xs" data-testid="availability">
      {value.length === 0 && <Text c="dimmed">Nenhum horário cadastrado: a loja não aparece como aberta.</Text>}
      {value.map((d, i) => (
        <Stack key={i} gap={2} data-testid="availability-row">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label="Dia da semana"
              data={DAY_OPTIONS}
              value={String(d.dayOfWeek)}
              onChange={(v) => v != null && set(i, { dayOfWeek: Number(v) })}
              allowDeselect={false}
              w={170}
            />
            <HourInput label="Abre às" value={d.startHour} onChange={(startHour) => set(i, { startHour })} />
            <HourInput label="Fecha às" value={d.endHour} onChange={(endHour) => set(i, { endHour })} />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={4}
              aria-label={`Remover horário de ${WEEKDAYS[d.dayOfWeek]} ${d.startHour}–${d.endHour}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
          {errorOf(i) && (
            <Text c="red" size="sm" role="alert">
              {errorOf(i)}
            </Text>
          )}
        </Stack>
      ))}
      <Group>
        <Button variant="light" onClick={add}>
          Adicionar horário
        </Button>
      </Group>
    </Stack>
  );
}
