import { Alert, Button, Checkbox, Group, InputBase, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IMaskInput } from 'react-imask';
import type { Customer, CustomerSaveRequest } from '../../../../shared/contract/customers';
import { CUSTOMER_MSG, CUSTOMER_PAGE_SIZE, customerActions, hideCpf, maskCpf, maskPhone } from '../../../../shared/customers';
import { formatBRL } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { PlusIcon, SearchIcon } from '../../../components/icons';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { customerQueries, exportCustomers, fetchCustomer, flagCustomer, saveCustomer, type CustomerSearch, type FlagAction } from '../api/customer-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { CustomerFormModal } from './customer-form-modal';
import { FlagDialog } from './flag-dialog';
import { HistoryDialog } from './history-dialog';
import { SavedListNotice, useListOffline } from '../../../components/saved-list-notice';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';
import { Pager } from '../../../components/pager';

const FLAG_FAILURE: Record<FlagAction, string | null> = { block: null, unlock: null, alert: CUSTOMER_MSG.alertCreateFailed, disarm: CUSTOMER_MSG.alertRemoveFailed };
const OFFLINE_WRITE = MSG.offlineWrite;
const OFFLINE_NO_COPY = 'Sem conexão e sem lista salva neste aparelho: os clientes aparecem quando a conexão voltar.';
const NO_CPF = 'Cadastre o CPF do cliente para bloquear ou criar alertas.';
const TOUCH = { mih: 44 } as const;

function StatusPill({ bg, c, children }: { bg: string; c: string; children: string }) {
  return (
    <Text span size="sm" fw={600} bg={bg} c={c} px={10} py={2} style={{ borderRadius: 999, display: 'inline-block' }}>
      {children}
    </Text>
  );
}

function FilterForm({ search, categories, onSearch }: { search: CustomerSearch; categories: Array<{ id: string; descricao: string }>; onSearch: (s: CustomerSearch) => void }) {
  const [f, setF] = useState<CustomerSearch>(search);
  useEffect(() => setF(search), [search]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const clean = (s?: string) => (s && s.trim() ? s.trim() : undefined);
    onSearch({
      nome: clean(f.nome),
      CPF: clean(f.CPF?.replace(/\D/g, '')),
      identificador: clean(f.identificador),
      categoriaId: f.categoriaId || undefined,
      nomeNaLista: clean(f.nomeNaLista),
      somenteBloqueados: f.somenteBloqueados || undefined,
      somenteAlertados: f.somenteAlertados || undefined,
    });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Filtros de clientes" role="search">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <TextInput label="Nome" value={f.nome ?? ''} onChange={(e) => setF({ ...f, nome: e.currentTarget.value })} maxLength={200} />
        <InputBase label="CPF" component={IMaskInput} mask="000.000.000-00" inputMode="numeric" value={maskCpf(f.CPF)} onAccept={(v: string) => setF((o) => ({ ...o, CPF: v }))} />
        <TextInput label="Identificador" value={f.identificador ?? ''} onChange={(e) => setF({ ...f, identificador: e.currentTarget.value })} maxLength={100} />
        <Select label="Categoria" data={categories.map((c) => ({ value: c.id, label: c.descricao }))} value={f.categoriaId ?? null} onChange={(v) => setF({ ...f, categoriaId: v ?? undefined })} clearable placeholder="Todas" />
        <TextInput label="Nome na lista" value={f.nomeNaLista ?? ''} onChange={(e) => setF({ ...f, nomeNaLista: e.currentTarget.value })} maxLength={200} />
      </SimpleGrid>
      <Group mt="md" justify="space-between">
        <Group>
          <Checkbox label="Somente bloqueados" checked={Boolean(f.somenteBloqueados)} onChange={(e) => setF({ ...f, somenteBloqueados: e.currentTarget.checked })} />
          <Checkbox label="Somente alertados" checked={Boolean(f.somenteAlertados)} onChange={(e) => setF({ ...f, somenteAlertados: e.currentTarget.checked })} />
        </Group>
        <Group>
          <Button variant="default" {...TOUCH} onClick={() => onSearch({})}>
            Limpar
          </Button>
          <Button type="submit" leftSection={<SearchIcon />} {...TOUCH}>
            Buscar
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type ActionsProps = { customer: Customer; size: 'compact-sm' | 'md'; onEdit: () => void; onFlag: (a: FlagAction) => void; onHistory: () => void };

/** Edit, block/unblock, alert/disarm and history: one set of buttons for the table row and the phone card. */
function CustomerActions({ customer: c, size, onEdit, onFlag, onHistory }: ActionsProps) {
  const a = customerActions(c);
  const who = c.nome ?? hideCpf(c.CPF);
  const props = { size, variant: 'default', ...TOUCH, fullWidth: size === 'md' } as const;
  return (
    <>
      <Button {...props} aria-label={`Editar ${who}`} onClick={onEdit}>
        Editar
      </Button>
      {c.estaBloqueado ? (
        <Button {...props} aria-label={`Desbloquear ${who}`} disabled={!a.canUnblock} onClick={() => onFlag('unlock')}>
          Desbloquear
        </Button>
      ) : (
        <Button {...props} aria-label={`Bloquear ${who}`} disabled={!a.canBlock} title={!c.CPF ? NO_CPF : undefined} onClick={() => onFlag('block')}>
          Bloquear
        </Button>
      )}
      {c.estaAlertado ? (
        <Button {...props} aria-label={`Remover alerta de ${who}`} disabled={!a.canDisarm} onClick={() => onFlag('disarm')}>
          Remover alerta
        </Button>
      ) : (
        <Button {...props} aria-label={`Alertar ${who}`} disabled={!a.canAlert} title={!c.CPF ? NO_CPF : undefined} onClick={() => onFlag('alert')}>
          Alertar
        </Button>
      )}
      <Button {...props} aria-label={`Histórico de bloqueio de ${who}`} disabled={!c.CPF} onClick={onHistory}>
        Histórico
      </Button>
    </>
  );
}

function Status({ c }: { c: Customer }) {
  return c.estaBloqueado ? (
    <StatusPill bg="red.8" c="white">Bloqueado</StatusPill>
  ) : c.estaAlertado ? (
    <StatusPill bg="yellow.5" c="dark.9">Alerta</StatusPill>
  ) : (
    <StatusPill bg="gray.1" c="dark.9">Regular</StatusPill>
  );
}

/** A customer on a phone: a card with the table's columns and big buttons. */
function CustomerCard({ customer: c, ...rest }: Omit<ActionsProps, 'size'>) {
  const line = (label: string, value: string) => (
    <Text size="sm">
      <Text span c="gray.7">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={c.nome ?? hideCpf(c.CPF)} data-testid="customer-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} data-testid="customer-name" style={{ overflowWrap: 'anywhere' }}>
            {c.nome ?? '—'}
          </Text>
          <Status c={c} />
        </Group>
        {line('CPF', c.CPF ? hideCpf(c.CPF) : '—')}
        {line('Telefone', c.telefone ? maskPhone(c.telefone) : '—')}
        {line('Categoria', c.categoria ?? '—')}
        {c.identificador && line('Identificador', c.identificador)}
        {line('Valor em aberto', formatBRL(c.valorEmAberto))}
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          <CustomerActions customer={c} size="md" {...rest} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** "Clientes do estabelecimento" (spec 000 §2 Customers, §4, §5, §8). */
export function CustomersPage({ search, onSearch }: { search: CustomerSearch; onSearch: (s: CustomerSearch) => void }) {
  useDocumentTitle('Clientes do estabelecimento · Balcão');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...customerQueries.list(localId, search), enabled: Boolean(localId) });
  const cats = useQuery({ ...customerQueries.categories(localId), enabled: Boolean(localId) });
  const [form, setForm] = useState<{ customer: Customer | null } | null>(null);
  const [flag, setFlag] = useState<{ action: FlagAction; customer: Customer } | null>(null);
  const [history, setHistory] = useState<Customer | null>(null);
  const [exporting, setExporting] = useState(false);
  // Phones get cards instead of the wide table (nothing scrolls sideways, 44 px targets).
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const offline = useListOffline(list);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver os clientes.</Alert>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerQueries.all });
  // The edit form and the history need the whole CPF, which lists do not carry: read the one customer.
  const withWholeCpf = (c: Customer, open: (whole: Customer) => void) => {
    fetchCustomer(localId, c.id).then(open, (err: unknown) => void toastError(err instanceof Error ? err.message : String(err)));
  };
  const openEdit = (c: Customer) => withWholeCpf(c, (whole) => setForm({ customer: whole }));
  const openHistory = (c: Customer) => withWholeCpf(c, setHistory);
  const categories = cats.data?.categorias ?? [];

  const save = async (body: CustomerSaveRequest) => {
    // Offline, a request would only hang until it times out: refuse at once, keeping the form as typed.
    if (!navigator.onLine) {
      void toastError(OFFLINE_WRITE);
      throw new ApiError(0, OFFLINE_WRITE);
    }
    try {
      const r = await saveCustomer(body);
      void toastSuccess(r.Message);
      setForm(null);
      await refresh();
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
      throw err;
    }
  };

  const confirmFlag = async (reason: string): Promise<boolean> => {
    if (!flag) return false;
    try {
      // The list hides CPFs; the call the spec keys by CPF gets the whole one from the single record.
      const whole = await fetchCustomer(localId, flag.customer.id);
      const r = await flagCustomer(flag.action, { CPF: whole.CPF ?? '', localId, reason });
      void toastSuccess(r.Message);
      await refresh();
      return true;
    } catch (err) {
      // 409: someone else blocked or alerted this customer meanwhile; the row was stale, so show its state now.
      if (err instanceof ApiError && err.status === 409) void refresh();
      const fallback = FLAG_FAILURE[flag.action];
      // Spec 000 §8: the server's Message, or the alert's own text (block/unblock have none: ours).
      void toastError(fallback ? serverMessageOr(err, fallback) : err instanceof ApiError ? err.message : String(err));
      return false;
    }
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportCustomers(localId, search);
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.QuantidadeTotal / CUSTOMER_PAGE_SIZE)) : 1;
  const page = search.page ?? 1;
  return (
    <Stack>
      <TitleRow title="Clientes do estabelecimento">
        <Group>
          <Button variant="default" onClick={doExport} loading={exporting} {...TOUCH}>
            Exportar CSV
          </Button>
          <Button leftSection={<PlusIcon />} onClick={() => setForm({ customer: null })} {...TOUCH}>
            Novo cliente
          </Button>
        </Group>
      </TitleRow>
      <FilterForm search={search} categories={categories} onSearch={onSearch} />
      <SavedListNotice query={list} testId="customers-offline" />
      {list.isError && !(offline && list.data) && <Alert color="red">{offline ? OFFLINE_NO_COPY : list.error.message}</Alert>}
      {list.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : data && data.Registros.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center">
            <Text fw={500}>{CUSTOMER_MSG.empty}</Text>
            <Button leftSection={<PlusIcon />} onClick={() => setForm({ customer: null })} {...TOUCH}>
              Novo cliente
            </Button>
          </Stack>
        </Paper>
      ) : data ? (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {data.QuantidadeLimitada ? `mais de ${data.QuantidadeTotal.toLocaleString('pt-BR')} clientes` : data.QuantidadeTotal === 1 ? '1 cliente' : `${data.QuantidadeTotal.toLocaleString('pt-BR')} clientes`}
          </Text>
          {phone ? (
            <Stack gap="sm">
              {data.Registros.map((c) => (
                <CustomerCard key={c.id} customer={c} onEdit={() => openEdit(c)} onFlag={(action) => setFlag({ action, customer: c })} onHistory={() => openHistory(c)} />
              ))}
            </Stack>
          ) : (
          // Fits 1366 and 1440 px laptops beside the sidebar: the identifier sits under the name, long
          // texts wrap, and the four actions take two lines rather than pushing the table wider.
          <DataTable minWidth={760} striped highlightOnHover stickyHeader aria-label="Clientes" data-testid="customers-table" head={['Nome', 'CPF', 'Categoria', 'Telefone', 'Situação', 'Valor em aberto', 'Ações']}>
            {data.Registros.map((c) => {
              return (
                <Table.Tr key={c.id} data-testid="customer-row">
                  <Table.Td style={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                    {c.nome ?? '—'}
                    {c.identificador && (
                      <Text size="xs" c="gray.7">
                        Identificador: {c.identificador}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="customer-cpf">
                    {c.CPF ? hideCpf(c.CPF) : '—'}
                  </Table.Td>
                  <Table.Td>{c.categoria ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.telefone ? maskPhone(c.telefone) : '—'}</Table.Td>
                  <Table.Td>
                    <Status c={c} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBRL(c.valorEmAberto)}</Table.Td>
                  <Table.Td style={{ width: 1 }}>
                    <SimpleGrid cols={2} spacing={6} verticalSpacing={6} miw={300}>
                      <CustomerActions customer={c} size="compact-sm" onEdit={() => openEdit(c)} onFlag={(action) => setFlag({ action, customer: c })} onHistory={() => openHistory(c)} />
                    </SimpleGrid>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
          )}
          <Pager size={phone ? 'lg' : 'md'} gap={phone ? 4 : 8} siblings={phone ? 0 : 1} styles={phone ? { control: { minWidth: 44, height: 44 } } : undefined} total={pages} value={Math.min(page, pages)} onChange={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })} getItemProps={(p) => ({ 'aria-label': `Página ${p}` })} />
        </>
      ) : null}
      <CustomerFormModal opened={form !== null} customer={form?.customer ?? null} localId={localId} categories={categories} onClose={() => setForm(null)} onSave={save} />
      <FlagDialog action={flag?.action ?? null} name={flag ? (flag.customer.nome ?? hideCpf(flag.customer.CPF)) : ''} onClose={() => setFlag(null)} onConfirm={confirmFlag} />
      <HistoryDialog localId={localId} customer={history?.CPF ? { id: history.id, nome: history.nome, CPF: history.CPF } : null} onClose={() => setHistory(null)} />
    </Stack>
  );
}
