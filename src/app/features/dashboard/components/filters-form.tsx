import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/pt-br';
import { useEffect, useState, type ReactNode } from 'react';
import type { DashboardFilter } from '../../../../shared/contract/dashboard';
import { checkPeriod, DASH_MSG, dayFromIso, formatDateBR, isoDay, parseDateBR } from '../../../../shared/dashboard';
import type { DashboardSearch } from '../model/search';

/** dd/MM/yyyy typed by a person → YYYY-MM-DD (what DateInput holds), or null. */
const parseTyped = (input: string) => {
  const d = parseDateBR(input);
  return d ? isoDay(d) : null;
};
/** What both period dates share: typed or picked as dd/mm/aaaa, required, the calendar above the page. */
const DAY_INPUT = { size: 'md', valueFormat: 'DD/MM/YYYY', placeholder: 'dd/mm/aaaa', dateParser: parseTyped, required: true, popoverProps: { withinPortal: true } } as const;

/** A row of check boxes named by its label (`id` ties them). */
function CheckGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="md" fw={500} id={id}>
        {label}
      </Text>
      <Group gap="lg" role="group" aria-labelledby={id} mih={44}>
        {children}
      </Group>
    </Stack>
  );
}

const toIso = (br: string) => {
  const d = parseDateBR(br);
  return d ? isoDay(d) : null;
};

/**
 * Period (start not after end, spec 001 §5), customers (new, old) and channel (internal,
 * delivery). Dates apply with Filtrar; the check boxes apply at once. Everything goes to the URL.
 */
export function FiltersForm({ filter, onChange }: { filter: DashboardFilter; onChange: (next: DashboardSearch) => void }) {
  const [from, setFrom] = useState<string | null>(toIso(filter.InitialPeriod));
  const [to, setTo] = useState<string | null>(toIso(filter.FinalPeriod));
  const [errors, setErrors] = useState<{ InitialPeriod?: string; FinalPeriod?: string }>({});
  useEffect(() => {
    setFrom(toIso(filter.InitialPeriod));
    setTo(toIso(filter.FinalPeriod));
    setErrors({});
  }, [filter.InitialPeriod, filter.FinalPeriod]);

  const flags = {
    IsNew: filter.IsNew || undefined,
    IsOld: filter.IsOld || undefined,
    IsInInternalChannel: filter.IsInInternalChannel || undefined,
    IsInDeliveryChannel: filter.IsInDeliveryChannel || undefined,
  };
  const period = { InitialPeriod: filter.InitialPeriod, FinalPeriod: filter.FinalPeriod };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const a = from ? formatDateBR(dayFromIso(from)) : '';
    const b = to ? formatDateBR(dayFromIso(to)) : '';
    const r = checkPeriod(a, b);
    if (!r.ok) {
      // Show every problem at once: each date on its own, then their order.
      const next: typeof errors = {};
      if (!parseDateBR(a)) next.InitialPeriod = DASH_MSG.invalidInitial;
      if (!parseDateBR(b)) next.FinalPeriod = DASH_MSG.invalidFinal;
      if (!next.InitialPeriod && !next.FinalPeriod) next[r.field] = r.message;
      setErrors(next);
      return;
    }
    setErrors({});
    onChange({ ...flags, InitialPeriod: a, FinalPeriod: b });
  };

  const toggle = (key: keyof typeof flags) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...period, ...flags, [key]: e.currentTarget.checked || undefined });

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Filtros do dashboard" noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <DateInput label="Data inicial" value={from} onChange={setFrom} error={errors.InitialPeriod} {...DAY_INPUT} />
          <DateInput label="Data final" value={to} onChange={setTo} error={errors.FinalPeriod} {...DAY_INPUT} />
        </DatesProvider>
        <CheckGroup id="dash-customers" label="Clientes">
          <Checkbox size="md" label="Novos" checked={!!filter.IsNew} onChange={toggle('IsNew')} />
          <Checkbox size="md" label="Antigos" checked={!!filter.IsOld} onChange={toggle('IsOld')} />
        </CheckGroup>
        <CheckGroup id="dash-channel" label="Canal">
          <Checkbox size="md" label="Interno" checked={!!filter.IsInInternalChannel} onChange={toggle('IsInInternalChannel')} />
          <Checkbox size="md" label="Delivery" checked={!!filter.IsInDeliveryChannel} onChange={toggle('IsInDeliveryChannel')} />
        </CheckGroup>
      </SimpleGrid>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" size="md" onClick={() => onChange({})}>
          Últimos 7 dias
        </Button>
        <Button type="submit" size="md">
          Filtrar
        </Button>
      </Group>
    </Paper>
  );
}
