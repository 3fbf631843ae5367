import {
  Anchor,
  Button,
  Group,
  InputBase,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IMaskInput } from 'react-imask';
import {
  foodConfigurationSave,
  type FoodConfiguration,
  type FoodConfigurationSave,
} from '../../../../shared/contract/food-config';
import {
  applyFoodConfigChange,
  clampCancelTime,
  clampDeliveryRadius,
  clampDeliveryTime,
  clampDiscount,
  clampFreeKm,
  clampGroupingTime,
  clampServiceTax,
  DELIVERY_PLATFORMS,
  FOOD_LIMITS,
  foodFieldDisabled,
  FOOD_CONFIG_MSG,
} from '../../../../shared/food-config';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { foodConfigQueries, saveFoodConfiguration } from '../api/food-config-api';
import { AvailabilityEditor } from './availability-editor';
import { Locked } from './locked';
import { LogoField } from './logo-field';
import { MoneyInput } from './money-input';
import { StorefrontLinkField } from './storefront-link-field';

export type FoodConfigValues = Omit<FoodConfiguration, 'configured'>;
type BoolField = { [K in keyof FoodConfigValues]: FoodConfigValues[K] extends boolean ? K : never }[keyof FoodConfigValues];
type NumField = { [K in keyof FoodConfigValues]: FoodConfigValues[K] extends number ? K : never }[keyof FoodConfigValues];

/** The sections of the form, in order, so a manager can jump to one. */
export const SECTIONS = [
  ['loja', 'Loja virtual'],
  ['admin', 'Parâmetros do administrador'],
  ['atendimento', 'Formas de atendimento'],
  ['entrega', 'Entrega'],
  ['pagamento', 'Pagamento'],
  ['pedidos', 'Pedidos'],
  ['horarios', 'Horário de funcionamento'],
  ['endereco', 'Endereço'],
] as const;

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Server field errors arrive as "body.field" (validation) or "field" (rules): both map to the form. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return {};
  const list = (err.body as { errors?: Array<{ path: string; message: string }> }).errors ?? [];
  return Object.fromEntries(list.map((e) => [e.path.replace(/^body\./, ''), e.message]));
}

/**
 * Every field of the Food configuration entity (spec 000 §3) grouped by what a manager looks for,
 * with the interlocks of §4, the clamps of §5 on blur and the locks of §6.
 */
export function FoodConfigForm({
  initial,
  canUnlock,
  school,
}: {
  initial: FoodConfigValues;
  /** SuporteMeep or Admin: the administrator parameters are editable. */
  canUnlock: boolean;
  /** School venues see the student-card option. */
  school: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useForm<FoodConfigValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(foodConfigurationSave, { sync: true }),
  });
  const v = form.getValues();
  const localId = initial.localId;

  const categories = useQuery(foodConfigQueries.storeCategories());
  const venueCategories = useQuery(foodConfigQueries.venueStoreCategories(localId));
  const categoryOptions = new Map<string, string>();
  for (const c of categories.data ?? []) categoryOptions.set(c.Id, c.Name);
  for (const c of venueCategories.data ?? []) categoryOptions.set(c.Id, c.Name);
  for (const c of v.storeCategories) if (!categoryOptions.has(c.id)) categoryOptions.set(c.id, c.name);

  const save = useMutation({
    mutationFn: (values: FoodConfigValues) => saveFoodConfiguration(values as FoodConfigurationSave),
    onSuccess: (saved) => {
      queryClient.setQueryData(foodConfigQueries.config(localId).queryKey, saved);
      const { configured: _c, ...values } = saved;
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      void toastSuccess(FOOD_CONFIG_MSG.configSaved);
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      void toastError(FOOD_CONFIG_MSG.configFailed);
    },
  });

  /** A change with the interlocks applied. */
  const change = (patch: Partial<FoodConfigValues>) => form.setValues(applyFoodConfigChange(form.getValues(), patch));
  const disabled = (field: string) => foodFieldDisabled(field, v);

  const toggle = (field: BoolField, label: string, opts: { description?: string; locked?: boolean } = {}) => {
    const off = disabled(field) || !!opts.locked;
    return (
      <Locked locked={!!opts.locked} key={field}>
        <Switch
          label={label}
          description={opts.description}
          checked={v[field]}
          disabled={off}
          onChange={(e) => change({ [field]: e.currentTarget.checked } as Partial<FoodConfigValues>)}
          data-field={field}
        />
      </Locked>
    );
  };

  const number = (field: NumField, label: string, clampFn: (n: number | null) => number, opts: { min: number; max: number; suffix?: string; decimals?: boolean; description?: string }) => (
    <NumberInput
      key={field}
      label={label}
      description={opts.description}
      min={opts.min}
      max={opts.max}
      clampBehavior="none"
      allowDecimal={opts.decimals ?? false}
      decimalSeparator=","
      allowNegative={false}
      suffix={opts.suffix}
      disabled={disabled(field)}
      value={v[field] as number | string}
      onChange={(n) => form.setFieldValue(field, n as never)}
      onBlur={() => {
        const raw = form.getValues()[field] as number | string;
        form.setFieldValue(field, clampFn(raw === '' || raw == null ? null : Number(raw)) as never);
      }}
      error={form.errors[field]}
    />
  );

  const money = (field: NumField, label: string) => (
    <MoneyInput
      key={field}
      label={label}
      value={v[field] as number}
      onChange={(n) => form.setFieldValue(field, n as never)}
      disabled={disabled(field)}
      error={form.errors[field]}
    />
  );

  const onSubmit = form.onSubmit(
    (values) => save.mutate(values),
    () => void toastError(FOOD_CONFIG_MSG.configFailed),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Configuração do Meep Food">
      <Stack>
        <Group gap="xs" component="nav" aria-label="Seções da configuração">
          {SECTIONS.map(([id, label]) => (
            <Anchor key={id} href={`#${id}`} size="sm">
              {label}
            </Anchor>
          ))}
        </Group>

        <Section id="loja" title="Loja virtual">
          <StorefrontLinkField
            localId={localId}
            value={v.urlMeepFood}
            savedValue={initial.urlMeepFood}
            onChange={(url) => form.setFieldValue('urlMeepFood', url)}
            error={form.errors.urlMeepFood as string | undefined}
          />
          <Textarea
            label="Descrição da loja"
            autosize
            minRows={2}
            maxLength={FOOD_LIMITS.descriptionMax}
            {...form.getInputProps('description')}
          />
          {toggle('isActive', 'Loja ativa', { description: 'Aberta para pedidos na loja virtual.' })}
          <LogoField value={v.meepFoodLogo} onChange={(logo) => form.setFieldValue('meepFoodLogo', logo)} />
          <InputBase
            label="Telefone para notificações"
            description="Com DDD. Recebe os avisos de novos pedidos."
            component={IMaskInput}
            mask={[{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }]}
            unmask
            value={v.notificationPhone}
            onAccept={(digits: string) => form.setFieldValue('notificationPhone', digits)}
            inputMode="tel"
            placeholder="(11) 98765-4321"
            error={form.errors.notificationPhone}
          />
          <MultiSelect
            label="Categorias da loja"
            description={categories.isError ? 'Não foi possível carregar as categorias.' : 'Onde a loja aparece no app.'}
            data={[...categoryOptions].map(([value, label]) => ({ value, label }))}
            value={v.storeCategories.map((c) => c.id)}
            onChange={(ids) => form.setFieldValue('storeCategories', ids.map((id) => ({ id, name: categoryOptions.get(id) ?? '' })))}
            searchable
            clearable
            nothingFoundMessage="Nenhuma categoria encontrada"
            error={form.errors.storeCategories}
          />
        </Section>

        <Section
          id="admin"
          title="Parâmetros do administrador"
          description={canUnlock ? 'Alterados somente pelo Suporte MEEP ou por administradores.' : FOOD_CONFIG_MSG.lockedField}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {toggle('showStoreOnMeepFood', 'Exibir a loja no app Meep Food', { locked: !canUnlock })}
            {toggle('deliveryEnabled', 'Habilitar delivery', { locked: !canUnlock })}
            {toggle('inPlaceEnabled', 'Habilitar atendimento no local', { locked: !canUnlock })}
            {toggle('enableShoppingCartOnVirtualMenu', 'Carrinho de compras no cardápio virtual', { locked: !canUnlock })}
            {toggle('showCustomHome', 'Página inicial personalizada', { locked: !canUnlock })}
          </SimpleGrid>
        </Section>

        <Section id="atendimento" title="Formas de atendimento">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {toggle('allowCatchOnShop', 'Retirar na loja')}
            {toggle('allowDeliveryHome', 'Entregar em casa', { description: 'Libera as opções de entrega.' })}
            {toggle('allowTableDelivery', 'Entregar na mesa')}
            {toggle('allowCustomDelivery', 'Entrega personalizada')}
          </SimpleGrid>
          <Textarea
            label="Descrição da entrega personalizada"
            autosize
            minRows={1}
            maxLength={FOOD_LIMITS.customDeliveryDescriptionMax}
            disabled={disabled('customDeliveryDescription')}
            {...form.getInputProps('customDeliveryDescription')}
          />
        </Section>

        <Section id="entrega" title="Entrega" description={v.allowDeliveryHome ? undefined : 'Ligue "Entregar em casa" para configurar a entrega.'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {toggle('useOwnDelivery', 'Entrega própria', { description: 'Seus entregadores levam os pedidos.' })}
            {toggle('useMeepDelivery', 'Entrega da plataforma', { description: 'Exige pagamento online; desliga o pagamento na entrega.' })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Plataforma de entrega"
              data={DELIVERY_PLATFORMS.map((p) => ({ value: String(p.value), label: p.label }))}
              value={String(v.deliveryPlatform)}
              onChange={(p) => p != null && form.setFieldValue('deliveryPlatform', Number(p))}
              allowDeselect={false}
              disabled={disabled('deliveryPlatform')}
            />
            {toggle('callMeepDeliveryManually', 'Chamar o entregador manualmente', { description: 'Desligado: o entregador é chamado automaticamente.' })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {number('deliveryRadiusKilometers', 'Raio de entrega', clampDeliveryRadius, {
              ...FOOD_LIMITS.deliveryRadius,
              suffix: ' km',
              decimals: true,
              description: 'De 1 a 20 km.',
            })}
            {number('numberOfFreeKilometers', 'Quilômetros grátis', clampFreeKm, { ...FOOD_LIMITS.freeKm, suffix: ' km', decimals: true })}
            {money('baseValuePerDelivery', 'Valor base da entrega')}
            {money('deliveryValuePerKilometer', 'Valor por quilômetro')}
          </SimpleGrid>
          {toggle('showDeliveryStatus', 'Mostrar o status da entrega ao cliente')}
        </Section>

        <Section id="pagamento" title="Pagamento">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {toggle('allowOnlinePayment', 'Pagamento online')}
            {toggle('allowPaymentOnDelivery', 'Pagamento na entrega', { description: 'Desliga a entrega da plataforma.' })}
            {school && toggle('allowMeepCard', 'Cartão do aluno', { description: 'Pagamento com o cartão do aluno.' })}
            {toggle('enableServiceTax', 'Cobrar taxa de serviço')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {number('serviceTaxPercentage', 'Taxa de serviço', clampServiceTax, { ...FOOD_LIMITS.serviceTax, suffix: ' %', decimals: true, description: 'De 1% a 100%.' })}
            {number('discount', 'Desconto', clampDiscount, { ...FOOD_LIMITS.discount, suffix: ' %', decimals: true, description: 'De 5% a 100%.' })}
          </SimpleGrid>
        </Section>

        <Section id="pedidos" title="Pedidos">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {number('deliveryTime', 'Tempo de entrega padrão', clampDeliveryTime, { ...FOOD_LIMITS.deliveryTime, suffix: ' min' })}
            {number('orderGroupingTime', 'Tempo de agrupamento de pedidos', clampGroupingTime, {
              min: FOOD_LIMITS.grouping.min,
              max: FOOD_LIMITS.grouping.max,
              suffix: ' min',
              description: 'No mínimo 5 minutos.',
            })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {toggle('deliveryTimePerOrder', 'Informar o tempo de entrega em cada pedido')}
            {toggle('automaticallyAcceptOrder', 'Aceitar pedidos automaticamente')}
            {toggle('sendToPrinterServerOnAcceptOrder', 'Imprimir no servidor de impressão ao aceitar')}
            {toggle('sendToRemotePrinterOnAcceptOrder', 'Imprimir na impressora remota ao aceitar')}
            {toggle('allowCustomerChatVisualization', 'Mostrar o chat com o cliente')}
            {toggle('reducedOrderFlow', 'Fluxo de pedido reduzido')}
            {toggle('allowCustomerCancelOrder', 'O cliente pode cancelar o pedido')}
          </SimpleGrid>
          {number('timeToCancelOrder', 'Tempo para o cliente cancelar', clampCancelTime, {
            ...FOOD_LIMITS.cancelTime,
            suffix: ' min',
            description: 'De 1 a 60 minutos.',
          })}
        </Section>

        <Section id="horarios" title="Horário de funcionamento">
          <AvailabilityEditor
            value={v.availableDay}
            onChange={(days) => form.setFieldValue('availableDay', days)}
            errorOf={(i) => form.errors[`availableDay.${i}`] as string | undefined}
          />
        </Section>

        <Paper withBorder p="sm" radius="md" pos="sticky" bottom={8} style={{ zIndex: 2 }}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {form.isDirty() ? 'Há alterações não salvas.' : 'Tudo salvo.'}
            </Text>
            <Button type="submit" loading={save.isPending}>
              Salvar configuração
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
