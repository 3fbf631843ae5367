import { Divider, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  CASHLESS_FLAGS,
  emptySalesPoint,
  FISCAL_FLAGS,
  HONEST_FLAGS,
  MANUAL_NFCE_FLAGS,
  OTHER_FLAGS,
  PAYMENT_FLAGS,
  POST_PAID_FLAGS,
  PREPAID_TOKEN_FLAGS,
  SCHOOL_FLAGS,
  salesPointAdd,
  type SalesPoint,
  type SalesPointInput,
} from '../../../../shared/contract/sales-points';
import { clamp } from '../../../../shared/food-config';
import {
  applyFiscalDependencies,
  deriveSalesPointType,
  fiscalOptionEnabled,
  POST_PAYMENT_MESSAGE_MAX,
  prepaidTokenRule,
  resolvePrepaidToken,
  SALES_POINT_NAME_MAX,
  SALES_POINT_SERVICE_TAX,
  salesPointOptionGroups,
  SHORTCUTS_MAX,
  SALES_POINT_MSG,
  type FiscalFlags,
  type SystemConfig,
} from '../../../../shared/sales-points';
import { errorText } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { addSalesPoint, salesPointQueries, updateSalesPoint } from '../api/sales-points-api';
import { ChosenSystems, SystemChooser } from './system-chooser';
import { FormActions } from '../../../components/form-actions';

type Values = SalesPointInput;
type FlagList = ReadonlyArray<readonly [string, string]>;

function Group2({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h6" component="legend" mb={4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Create or edit a sales point (spec 001 §2.5, §4, §5): a new one first chooses and confirms its
 * systems; an existing one opens already confirmed. Then name, product list and every option group
 * its systems call for, with the NFC-e dependencies and the service fee enabled only when charged.
 */
export function SalesPointFormModal({ localId, editing, opened, onClose }: { localId: string; editing: SalesPoint | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Editar ponto de venda' : 'Criar ponto de venda'} size="lg">
      {opened && <SalesPointForm key={editing?.id ?? 'new'} localId={localId} editing={editing} onDone={onClose} />}
    </Modal>
  );
}

function SalesPointForm({ localId, editing, onDone }: { localId: string; editing: SalesPoint | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [v, setV] = useState<Values>(() => (editing ? { ...editing } : emptySalesPoint(localId)));
  const [systems, setSystems] = useState<SystemConfig[]>(() => editing?.managementSystemConfiguration ?? []);
  // Editing opens the form already confirmed (spec 001 §4).
  const [confirmed, setConfirmed] = useState(!!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lists = useQuery(salesPointQueries.productLists(localId));
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  const systemTypes = systems.map((s) => s.systemType);
  const token = prepaidTokenRule(systemTypes);
  const prepaid = resolvePrepaidToken(systemTypes, v.enablePrepaidToken);
  const groups = salesPointOptionGroups(systemTypes, prepaid);

  const save = useMutation({
    mutationFn: (sp: Values) => (editing ? updateSalesPoint({ ...sp, id: editing.id }) : addSalesPoint(sp)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: salesPointQueries.list(localId).queryKey });
      void toastSuccess(editing ? SALES_POINT_MSG.salesPointEdited : SALES_POINT_MSG.salesPointCreated);
      onDone();
    },
    onError: (err) => void toastError(errorText(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed) {
      void toastError(SALES_POINT_MSG.chooseSystemBeforeSave);
      return;
    }
    const sp: Values = {
      ...v,
      localClientId: localId,
      managementSystemConfiguration: systems.map((s) => ({ systemType: s.systemType, printType: s.printType ?? 0, enableRemotePrinter: s.enableRemotePrinter })),
      type: deriveSalesPointType(systemTypes),
      enablePrepaidToken: prepaid,
    };
    const parsed = salesPointAdd.safeParse({ salesPoint: sp });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[1] ?? '')] ??= issue.message;
      setErrors(next);
      void toastError(parsed.error.issues[0].message);
      return;
    }
    setErrors({});
    save.mutate(sp);
  };

  const flag = (name: string, label: string, opts: { disabled?: boolean } = {}) => (
    <Switch
      key={name}
      label={label}
      checked={Boolean((v as Record<string, unknown>)[name])}
      disabled={opts.disabled}
      onChange={(e) => set({ [name]: e.currentTarget.checked } as Partial<Values>)}
    />
  );
  const textBox = (name: 'initialScreenShortcuts' | 'postPaymentMessage', label: string, maxLength: number) => (
    <Textarea label={label} autosize minRows={1} maxLength={maxLength} value={v[name]} onChange={(e) => set({ [name]: e.currentTarget.value })} />
  );
  const flags = (list: FlagList) => (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      {list.map(([name, label]) => flag(name, label, { disabled: name === 'enablePixPayment' }))}
    </SimpleGrid>
  );
  const fiscal = (name: keyof FiscalFlags | 'enableTaxCouponSMS', label: string) => (
    <Switch
      key={name}
      label={label}
      checked={Boolean((v as Record<string, unknown>)[name])}
      disabled={name !== 'enableTaxCouponSMS' && !fiscalOptionEnabled(name, v)}
      onChange={(e) => {
        const checked = e.currentTarget.checked;
        setV((old) => applyFiscalDependencies({ ...old, [name]: checked }));
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Editar ponto de venda' : 'Criar ponto de venda'}>
      <Stack>
        {confirmed ? (
          <ChosenSystems
            value={systems}
            onReset={
              editing
                ? undefined
                : () => {
                    setSystems([]);
                    setConfirmed(false);
                  }
            }
          />
        ) : (
          <SystemChooser value={systems} onChange={setSystems} onConfirm={() => setConfirmed(true)} />
        )}

        {confirmed && (
          <>
            <TextInput
              label="Nome"
              value={v.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              maxLength={SALES_POINT_NAME_MAX}
              withAsterisk
              error={errors.name}
              data-autofocus
            />
            <Select
              label="Lista de produtos"
              placeholder={lists.isError ? 'Não foi possível carregar as listas' : 'Nenhuma'}
              data={(lists.data ?? []).map((l) => ({ value: l.listaProdutoId, label: l.descricao }))}
              value={v.productListId}
              onChange={(id) => set({ productListId: id })}
              clearable
              nothingFoundMessage="Nenhuma lista"
              error={errors.productListId}
            />
            {token.available && (
              <Switch
                label="Ficha (pré-pago)"
                description={token.forced ? 'Sempre ativa quando a Ficha é o único sistema.' : 'Adicional quando a Ficha é combinada com outro sistema.'}
                checked={prepaid}
                disabled={token.forced !== null}
                onChange={(e) => set({ enablePrepaidToken: e.currentTarget.checked })}
              />
            )}

            <Divider />
            <Group2 title="Formas de pagamento">{flags(PAYMENT_FLAGS)}</Group2>

            <Group2 title="Taxa de serviço">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Switch label="Cobrar taxa de serviço" checked={v.enableServiceTax} onChange={(e) => set({ enableServiceTax: e.currentTarget.checked })} mt={{ base: 0, xs: 28 }} />
                <NumberInput
                  label="Percentual da taxa de serviço"
                  suffix=" %"
                  min={SALES_POINT_SERVICE_TAX.min}
                  max={SALES_POINT_SERVICE_TAX.max}
                  clampBehavior="none"
                  decimalSeparator=","
                  allowNegative={false}
                  disabled={!v.enableServiceTax}
                  value={v.serviceTaxPercentage}
                  onChange={(n) => set({ serviceTaxPercentage: typeof n === 'number' ? n : Number.NaN })}
                  onBlur={() =>
                    set({
                      serviceTaxPercentage: Number.isFinite(v.serviceTaxPercentage)
                        ? clamp(v.serviceTaxPercentage, SALES_POINT_SERVICE_TAX.min, SALES_POINT_SERVICE_TAX.max)
                        : SALES_POINT_SERVICE_TAX.default,
                    })
                  }
                  error={errors.serviceTaxPercentage}
                />
              </SimpleGrid>
            </Group2>

            <Group2 title="Nota fiscal (NFC-e)">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {FISCAL_FLAGS.map(([name, label]) => fiscal(name, label))}
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                Imprimir exige emitir; a DANFE completa exige emitir e imprimir; a NFC-e manual exige emitir.
              </Text>
            </Group2>
            <Group2 title="NFC-e manual por forma de pagamento">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {MANUAL_NFCE_FLAGS.map(([name, label]) => fiscal(name, `NFC-e manual: ${label.toLowerCase()}`))}
              </SimpleGrid>
            </Group2>

            {groups.prepaidToken && (
              <Group2 title="Opções da ficha">
                {flags(PREPAID_TOKEN_FLAGS)}
                {textBox('initialScreenShortcuts', 'Atalhos da tela inicial', SHORTCUTS_MAX)}
              </Group2>
            )}
            {groups.cashless && <Group2 title="Opções de cashless e comanda">{flags(CASHLESS_FLAGS)}</Group2>}
            {groups.postPaid && <Group2 title="Opções do pós-pago">{flags(POST_PAID_FLAGS)}</Group2>}
            {groups.honest && <Group2 title="Opções do Mercado Honesto">{flags(HONEST_FLAGS)}</Group2>}
            {groups.school && <Group2 title="Opções da escola">{flags(SCHOOL_FLAGS)}</Group2>}
            <Group2 title="Outras opções">
              {flags(OTHER_FLAGS)}
              {textBox('postPaymentMessage', 'Mensagem após o pagamento', POST_PAYMENT_MESSAGE_MAX)}
            </Group2>
          </>
        )}

        <FormActions onCancel={onDone} busy={save.isPending} />
      </Stack>
    </form>
  );
}
