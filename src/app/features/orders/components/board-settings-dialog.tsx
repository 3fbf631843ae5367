/**
 * "Preparo e estação" (ours, issue 23): the venue's preparation time (lateness of orders whose
 * products set none) and default station (items whose product names none), for whoever may change
 * the board's configuration (role MeepFoodConfiguration). Validated with the same shared schema the
 * server uses (`kdsSettingsUpdate`), then `POST api/kds/configuracao`.
 */
import { Autocomplete, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { kdsSettings, kdsSettingsUpdate, type KdsSettings } from '../../../../shared/contract/orders';
import { DEFAULT_PREP_MINUTES, DEFAULT_STATION, KDS_PATHS } from '../../../../shared/orders';
import { api } from '../../../lib/api-client';
import { schemaErrors } from '../../../lib/form-errors';
import { useSaveSubmit } from '../../../lib/use-save-submit';
import { orderQueries } from '../api/order-queries';
import { FormActions } from '../../../components/form-actions';

export const BOARD_SETTINGS_SAVED = 'Configurações do painel salvas.';

interface Values {
  prepMinutes: number | string;
  defaultStation: string;
}

const toBody = (localId: string, v: Values) => ({
  localClienteId: localId,
  prepMinutes: typeof v.prepMinutes === 'number' ? v.prepMinutes : v.prepMinutes.trim() === '' ? Number.NaN : Number(v.prepMinutes.replace(',', '.')),
  defaultStation: v.defaultStation,
});

export function BoardSettingsDialog({ opened, localId, settings, stations, onClose }: {
  opened: boolean;
  localId: string;
  settings: KdsSettings | undefined;
  stations: readonly string[];
  onClose: () => void;
}) {
  if (!opened) return null;
  return (
    <Modal opened onClose={onClose} title="Preparo e estação" size="lg" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <SettingsForm localId={localId} settings={settings} stations={stations} onClose={onClose} />
    </Modal>
  );
}

function SettingsForm({ localId, settings, stations, onClose }: { localId: string; settings: KdsSettings | undefined; stations: readonly string[]; onClose: () => void }) {
  const qc = useQueryClient();
  const form = useForm<Values>({
    initialValues: { prepMinutes: settings?.prepMinutes ?? DEFAULT_PREP_MINUTES, defaultStation: settings?.defaultStation ?? DEFAULT_STATION },
    validate: (v) => {
      const errors = schemaErrors(kdsSettingsUpdate, toBody(localId, v));
      // An empty or non-numeric field fails the number type first: say what the field needs.
      if (errors.prepMinutes && !Number.isInteger(toBody(localId, v).prepMinutes)) errors.prepMinutes = PREP_RANGE;
      return errors;
    },
  });
  const { busy, submit } = useSaveSubmit(
    form,
    async (v) => {
      const saved = await api(KDS_PATHS.settings, { method: 'POST', body: toBody(localId, v), schema: kdsSettings });
      qc.setQueryData(orderQueries.settings(localId).queryKey, saved);
      return { Message: BOARD_SETTINGS_SAVED };
    },
    onClose,
  );
  const options = [...new Set([DEFAULT_STATION, ...stations, ...(settings?.defaultStation ? [settings.defaultStation] : [])])];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NumberInput
          label="Tempo de preparo (minutos)"
          description="Um pedido fica atrasado depois deste tempo no estado atual, quando os produtos não têm tempo próprio."
          withAsterisk
          size="lg"
          min={1}
          max={240}
          allowDecimal={false}
          allowNegative={false}
          // Out of range says why (the schema's message) instead of silently changing what was typed.
          clampBehavior="none"
          data-autofocus
          {...form.getInputProps('prepMinutes')}
        />
        <Autocomplete
          label="Estação padrão"
          description="Recebe os itens cujo produto não indica estação."
          withAsterisk
          size="lg"
          maxLength={100}
          data={options}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('defaultStation')}
        />
        <Text size="sm" c="dimmed">
          Vale para os próximos pedidos; os que já estão no painel mantêm o tempo e as estações com que chegaram.
        </Text>
        <FormActions size="lg" onCancel={onClose} busy={busy} />
      </Stack>
    </form>
  );
}

const PREP_RANGE = 'O tempo de preparo deve ser de 1 a 240 minutos.';
