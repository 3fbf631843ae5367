import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CASHLESS_MSG, CASHLESS_ROLES, formatDocument, formatLegacyDate, maskCpf, NEGATIVE_BALANCE_PAGE_SIZE, onlyDigits } from '../../../../shared/cashless';
import { formatBRL } from '../../../../shared/format';
import { hasAccess } from '../../../../shared/roles';
import { downloadGeneratedFile, serverMessageOr } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { cashlessQueries, confirmRecharge, exportReport, planRecharge } from '../api/cashless-queries';
import { useSession, useTitle } from '../hooks/use-session';
import { ConsumptionModal } from './consumption-modal';
import { PasswordModal } from './password-modal';
import { DataTable } from '../../../components/data-table';
import { LabelledFigure } from '../../../components/labelled-figure';
import { TitleRow } from '../../../components/title-row';
import { SearchPanel } from '../../../components/search-panel';
import { Pager } from '../../../components/pager';

export interface NegativeBalanceSearch {
  documento?: string;
  pagina?: number;
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <LabelledFigure label={label} value={value} testId={testId} />
    </Paper>
  );
}

/** "Saldo negativo" (spec 001 §2.8): report, CPF filter, export, recharge planning and confirmation. */
export function NegativeBalancePage({ search, onSearch }: { search: NegativeBalanceSearch; onSearch: (s: NegativeBalanceSearch) => void }) {
  useTitle('Saldo negativo');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const queryClient = useQueryClient();
  const page = search.pagina ?? 1;
  const report = useQuery({ ...cashlessQueries.report({ localId, document: search.documento, page }), enabled: Boolean(localId) });
  const [cpf, setCpf] = useState(maskCpf(search.documento ?? ''));
  useEffect(() => setCpf(maskCpf(search.documento ?? '')), [search.documento]);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState<'plan' | 'confirm' | null>(null);
  const confirmKey = useRef<string | null>(null);
  const [consumptionOf, setConsumptionOf] = useState<{ id: string; name: string } | null>(null);

  if (!session || !localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const canPlan = hasAccess(session.roles, CASHLESS_ROLES.plan);
  const canConfirm = hasAccess(session.roles, CASHLESS_ROLES.confirm);

  const filter = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ documento: onlyDigits(cpf) || undefined, pagina: undefined });
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await downloadGeneratedFile(await exportReport(localId, search.documento));
    } catch (err) {
      void toastError(err instanceof Error ? err.message : CASHLESS_MSG.reportFailed);
    } finally {
      setExporting(false);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: cashlessQueries.all });
  const submitPlan = async (password: string) => {
    try {
      const r = await planRecharge(localId, password);
      void toastSuccess(r.Message);
      setDialog(null);
      await refresh();
    } catch (err) {
      const message = serverMessageOr(err, CASHLESS_MSG.planFailed);
      void toastError(message);
      throw new Error(message);
    }
  };
  const submitConfirm = async (password: string) => {
    // One key per confirmation, kept across its retries (a lost answer, a second click): the
    // server answers a retry with the first answer instead of "no pending plan".
    confirmKey.current ??= crypto.randomUUID();
    try {
      const r = await confirmRecharge(localId, password, confirmKey.current);
      confirmKey.current = null;
      void toastSuccess(r.Message);
      setDialog(null);
      await refresh();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : CASHLESS_MSG.wrongPassword;
      void toastError(message);
      throw new Error(message);
    }
  };

  const data = report.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalQuantity / NEGATIVE_BALANCE_PAGE_SIZE)) : 1;
  return (
    <Stack maw={1200} mx="auto">
      <TitleRow title="Saldo negativo" align="flex-end">
        <Anchor component={Link} to="/cashless/relatorios/saldoNegativo/historico">
          Histórico de recargas
        </Anchor>
      </TitleRow>
      <SearchPanel label="Filtrar por CPF" onSubmit={filter} align="flex-end">
        <TextInput label="CPF" placeholder="999.999.999-99" inputMode="numeric" value={cpf} onChange={(e) => setCpf(maskCpf(e.currentTarget.value))} style={{ flex: '1 1 220px' }} />
        <Button type="submit">Buscar</Button>
        {search.documento && (
          <Button variant="default" onClick={() => onSearch({})}>
            Limpar
          </Button>
        )}
      </SearchPanel>
      <Group>
        <Button variant="light" onClick={() => void doExport()} loading={exporting}>
          Exportar
        </Button>
        {canPlan && <Button onClick={() => setDialog('plan')}>Planejar recarga</Button>}
        {canConfirm && (
          <Button color="green" onClick={() => setDialog('confirm')}>
            Confirmar recarga
          </Button>
        )}
      </Group>

      {report.isError ? (
        <Alert color="red">{CASHLESS_MSG.reportFailed}</Alert>
      ) : !data ? (
        <Skeleton h={320} radius="md" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Total label="Usuários" value={String(data.totalQuantity)} testId="total-quantity" />
            <Total label="Saldo negativo total" value={formatBRL(data.totalNegativeBalance)} testId="total-negative" />
            <Total label="Diferença total" value={formatBRL(data.totalDifference)} testId="total-difference" />
            <Total label="Recarga planejada total" value={formatBRL(data.totalScheduledRecharge)} testId="total-scheduled" />
          </SimpleGrid>
          {data.users.length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Text c="gray.7" ta="center">
                {CASHLESS_MSG.emptyReport}
              </Text>
            </Paper>
          ) : (
            <DataTable minWidth={980} stickyHeader highlightOnHover aria-label="Usuários com saldo negativo" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }} head={['Nome', 'Documento', { label: 'Limite', ta: 'right' }, { label: 'Saldo negativo', ta: 'right' }, { label: 'Diferença', ta: 'right' }, { label: 'Recarga planejada', ta: 'right' }, 'Data da recarga', 'Consumo']}>
              {data.users.map((u) => (
                <Table.Tr key={u.id} data-testid="negative-row">
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocument(u.document)}</Table.Td>
                  <Table.Td ta="right">{u.negativeBalanceLimit === null ? 'Ilimitado' : formatBRL(u.negativeBalanceLimit)}</Table.Td>
                  <Table.Td ta="right" c="var(--mantine-color-error)">
                    {formatBRL(u.negativeBalance)}
                  </Table.Td>
                  <Table.Td ta="right">{u.difference === null ? '-' : formatBRL(u.difference)}</Table.Td>
                  <Table.Td ta="right">{formatBRL(u.scheduledRecharge)}</Table.Td>
                  <Table.Td>{formatLegacyDate(u.scheduledRechargeDate)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" mih={36} onClick={() => setConsumptionOf({ id: u.id, name: u.name })} aria-label={`Ver consumo de ${u.name}`}>
                      Ver consumo
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          <Pager total={pages} value={page} onChange={(p) => onSearch({ ...search, pagina: p > 1 ? p : undefined })} />
        </>
      )}

      <PasswordModal opened={dialog === 'plan'} title="Planejar recarga" submitLabel="Planejar" onClose={() => setDialog(null)} onSubmit={submitPlan}>
        O planejamento agenda uma recarga para cada usuário com saldo negativo, no valor do saldo, e substitui o planejamento anterior que ainda não foi pago.
      </PasswordModal>
      <PasswordModal opened={dialog === 'confirm'} title="Confirmar recarga" submitLabel="Confirmar" onClose={() => setDialog(null)} onSubmit={submitConfirm}>
        Confirmar credita a recarga planejada em todos os cartões. Esta ação não poderá ser desfeita.
      </PasswordModal>
      <ConsumptionModal card={consumptionOf} onClose={() => setConsumptionOf(null)} />
    </Stack>
  );
}
