import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  canAddSystem,
  deriveSalesPointType,
  PRINT_TYPES,
  printTypeLabel,
  SALES_POINT_TYPE_LABEL,
  SYSTEM_TYPES,
  systemChoiceProblem,
  systemLabel,
  type SystemConfig,
} from '../../../../shared/sales-points';
import { toastError } from '../../../lib/toast';

/**
 * The first step of the sales point form (spec 001 §2.5, §4): choose the management systems, each
 * with remote printing and a print type; disallowed combinations are disabled; "Confirmar Sistema"
 * checks the choice.
 */
export function SystemChooser({ value, onChange, onConfirm }: { value: SystemConfig[]; onChange: (v: SystemConfig[]) => void; onConfirm: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = value.map((c) => c.systemType);
  const toggle = (systemType: number, on: boolean) => {
    setProblem(null);
    if (!on) onChange(value.filter((c) => c.systemType !== systemType));
    else if (canAddSystem(chosen, systemType)) onChange([...value, { systemType, printType: null, enableRemotePrinter: false }]);
  };
  const patch = (systemType: number, p: Partial<SystemConfig>) => {
    setProblem(null);
    onChange(value.map((c) => (c.systemType === systemType ? { ...c, ...p } : c)));
  };
  const confirm = () => {
    const msg = systemChoiceProblem(value);
    setProblem(msg);
    if (msg) {
      void toastError(msg);
      return;
    }
    onConfirm();
  };
  return (
    <Stack gap="sm" data-testid="system-chooser">
      <Text fw={500} id="systems-label">
        Sistemas do ponto de venda
      </Text>
      <Stack gap="xs" role="group" aria-labelledby="systems-label">
        {SYSTEM_TYPES.map((s) => {
          const cfg = value.find((c) => c.systemType === s.value);
          const allowed = canAddSystem(chosen, s.value);
          return (
            <Paper key={s.value} withBorder p="sm" radius="sm" data-testid={`system-${s.value}`}>
              <Stack gap="xs">
                <Checkbox
                  label={s.label}
                  checked={!!cfg}
                  disabled={!cfg && !allowed}
                  description={!cfg && !allowed ? 'Não pode ser combinado com os sistemas escolhidos.' : undefined}
                  onChange={(e) => toggle(s.value, e.currentTarget.checked)}
                />
                {cfg && (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} pl="xl">
                    <Select
                      label={`Tipo de impressão (${s.label})`}
                      placeholder="Escolha"
                      data={PRINT_TYPES.map((p) => ({ value: String(p.value), label: p.label }))}
                      value={cfg.printType == null ? null : String(cfg.printType)}
                      onChange={(p) => patch(s.value, { printType: p == null ? null : Number(p) })}
                      withAsterisk
                      comboboxProps={{ withinPortal: true }}
                    />
                    <Switch
                      label={`Impressão remota (${s.label})`}
                      checked={cfg.enableRemotePrinter}
                      onChange={(e) => patch(s.value, { enableRemotePrinter: e.currentTarget.checked })}
                      mt={{ base: 0, xs: 28 }}
                    />
                  </SimpleGrid>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={confirm}>Confirmar Sistema</Button>
      </Group>
    </Stack>
  );
}

/** The confirmed systems, with the type they decide; new sales points may go back and choose again. */
export function ChosenSystems({ value, onReset }: { value: SystemConfig[]; onReset?: () => void }) {
  const type = deriveSalesPointType(value.map((c) => c.systemType));
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="chosen-systems">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            {value.map((c) => (
              <Badge key={c.systemType} variant="light">
                {systemLabel(c.systemType)}
              </Badge>
            ))}
          </Group>
          {value.map((c) => (
            <Text key={c.systemType} size="sm">
              {systemLabel(c.systemType)}: impressão {printTypeLabel(c.printType ?? 0)}, impressão remota {c.enableRemotePrinter ? 'ativada' : 'desativada'}
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            Tipo do ponto de venda: {SALES_POINT_TYPE_LABEL[type]}
          </Text>
        </Stack>
        {onReset && (
          <ActionIcon variant="light" size="lg" aria-label="Alterar sistemas" title="Alterar sistemas" onClick={onReset}>
            ✎
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
