import { Alert, Badge, Button, Checkbox, Group, InputBase, Modal, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import {
  ACC_MSG,
  ACCREDITATION_ACQUIRERS,
  acquirerBlockReason,
  acquirerLabel,
  BUSINESS_HOURS,
  canActivate,
  COMPANY_TYPES,
  NATIONALITIES,
  parseDateInput,
  showDateInput,
} from '../../../../shared/accreditation';
import { contactFields, departmentFields, type ContactFields, type DepartmentFields, type Proposal } from '../../../../shared/contract/accreditation';
import { adminCall } from '../../../lib/admin-call';
import { useCommandKey } from '../../../lib/command-key';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { showToast, toastError, toastSuccess } from '../../../lib/toast';
import { accredit, accreditationQueries, activateProposal, managementUrl, saveContact, saveDepartment } from '../api/accreditation-queries';
import { schemaErrors } from '../hooks/schema-errors';
import { useSession } from '../hooks/use-session';
import { CPF_OR_CNPJ_MASK } from '../../../../shared/documents';
import { Facts } from './facts';
import { QueryState } from './query-state';
import { PageHeader, showDate, showDocument } from './page-header';
import { ProposalStatusBadge } from './status-badges';
import { DataTable } from '../../../components/data-table';
import { FormActions } from '../../../components/form-actions';

/** CPF or CNPJ, the mask following the number of digits typed. */

type ContactValues = Omit<ContactFields, 'Nationality'> & { Nationality: string };
const EMPTY_CONTACT: ContactValues = { ContactName: '', Document: '', BirthDate: '', Ddi: '55', Ddd: '', Telephone: '', Email: '', FunctionDescription: '', Nationality: '0' };

function ContactForm({ localId }: { localId: string }) {
  const queryClient = useQueryClient();
  const saved = useQuery(accreditationQueries.contact(localId));
  const [v, setV] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (saved.data) setV({ ...saved.data, BirthDate: showDateInput(saved.data.BirthDate), Nationality: String(saved.data.Nationality) });
  }, [saved.data]);
  const accept = (k: keyof ContactValues) => (value: string) => setV((s) => ({ ...s, [k]: value }));
  const set = (k: keyof ContactValues) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((s) => ({ ...s, [k]: value }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = { ...v, Nationality: Number(v.Nationality) };
    const errs = schemaErrors(contactFields, values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    const r = await adminCall(() => saveContact(localId, { ...values, BirthDate: parseDateInput(values.BirthDate)! } as ContactFields));
    setBusy(false);
    if (r) {
      void toastSuccess(r.Message);
      await queryClient.invalidateQueries({ queryKey: accreditationQueries.contact(localId).queryKey });
    }
  };
  if (saved.isPending) return <Skeleton h={260} />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Contato">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Contato
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome" withAsterisk value={v.ContactName} onChange={set('ContactName')} error={errors.ContactName} />
          <InputBase label="CPF/CNPJ" withAsterisk component={IMaskInput} mask={CPF_OR_CNPJ_MASK} prepareChar={(c: string) => c.toUpperCase()} value={v.Document} onAccept={accept('Document')} error={errors.Document} />
          <InputBase label="Data de nascimento" placeholder="dd/mm/aaaa" withAsterisk component={IMaskInput} mask="00/00/0000" value={v.BirthDate} onAccept={accept('BirthDate')} error={errors.BirthDate} inputMode="numeric" />
          <TextInput label="E-mail" type="email" withAsterisk value={v.Email} onChange={set('Email')} error={errors.Email} />
          <Group grow align="flex-start">
            <TextInput label="DDI" withAsterisk value={v.Ddi} onChange={set('Ddi')} error={errors.Ddi} inputMode="numeric" maxLength={3} />
            <TextInput label="DDD" withAsterisk value={v.Ddd} onChange={set('Ddd')} error={errors.Ddd} inputMode="numeric" maxLength={3} />
          </Group>
          <TextInput label="Telefone" withAsterisk value={v.Telephone} onChange={set('Telephone')} error={errors.Telephone} inputMode="numeric" />
          <TextInput label="Função" withAsterisk value={v.FunctionDescription} onChange={set('FunctionDescription')} error={errors.FunctionDescription} />
          <Select label="Nacionalidade" withAsterisk data={NATIONALITIES.map((n) => ({ value: String(n.value), label: n.label }))} value={v.Nationality}
            onChange={(x) => setV((s) => ({ ...s, Nationality: x ?? '0' }))} allowDeselect={false} />
        </SimpleGrid>
        <FormActions submitLabel="Salvar contato" busy={busy} />
      </Stack>
    </form>
  );
}

type DeptValues = { CompanyType: string | null; DepartmentName: string; FoundationDate: string; MerchantBusinessHours: string | null; MovingPayDepartmentId: string };

function DepartmentForm({ localId }: { localId: string }) {
  const queryClient = useQueryClient();
  const saved = useQuery(accreditationQueries.department(localId));
  const [v, setV] = useState<DeptValues>({ CompanyType: null, DepartmentName: '', FoundationDate: '', MerchantBusinessHours: null, MovingPayDepartmentId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const d = saved.data;
    if (d)
      setV({ CompanyType: String(d.CompanyType), DepartmentName: d.DepartmentName, FoundationDate: showDateInput(d.FoundationDate), MerchantBusinessHours: String(d.MerchantBusinessHours), MovingPayDepartmentId: d.MovingPayDepartmentId ?? '' });
  }, [saved.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = {
      CompanyType: v.CompanyType === null ? -1 : Number(v.CompanyType),
      DepartmentName: v.DepartmentName.trim(),
      FoundationDate: v.FoundationDate.trim(),
      MerchantBusinessHours: v.MerchantBusinessHours === null ? -1 : Number(v.MerchantBusinessHours),
      MovingPayDepartmentId: v.MovingPayDepartmentId.trim() || null,
    };
    const errs = schemaErrors(departmentFields, values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    const r = await adminCall(() => saveDepartment(localId, { ...values, FoundationDate: parseDateInput(values.FoundationDate)! } as DepartmentFields));
    setBusy(false);
    if (r) {
      void toastSuccess(r.Message);
      await queryClient.invalidateQueries({ queryKey: accreditationQueries.department(localId).queryKey });
    }
  };
  if (saved.isPending) return <Skeleton h={200} />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Estabelecimento">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Estabelecimento
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Tipo de empresa" withAsterisk data={COMPANY_TYPES.map((c) => ({ value: String(c.value), label: c.label }))} value={v.CompanyType}
            onChange={(x) => setV((s) => ({ ...s, CompanyType: x }))} error={errors.CompanyType} />
          <TextInput label="Nome do departamento" value={v.DepartmentName} onChange={(e) => {
              const value = e.currentTarget.value;
              setV((s) => ({ ...s, DepartmentName: value }));
            }} error={errors.DepartmentName} />
          <InputBase label="Data de fundação" placeholder="dd/mm/aaaa" withAsterisk component={IMaskInput} mask="00/00/0000" inputMode="numeric" value={v.FoundationDate}
            onAccept={(value: string) => setV((s) => ({ ...s, FoundationDate: value }))} error={errors.FoundationDate} />
          <Select label="Horário de funcionamento" withAsterisk data={BUSINESS_HOURS.map((c) => ({ value: String(c.value), label: c.label }))} value={v.MerchantBusinessHours}
            onChange={(x) => setV((s) => ({ ...s, MerchantBusinessHours: x }))} error={errors.MerchantBusinessHours} />
          <TextInput label="Id do departamento (MovingPay)" value={v.MovingPayDepartmentId} onChange={(e) => {
              const value = e.currentTarget.value;
              setV((s) => ({ ...s, MovingPayDepartmentId: value }));
            }} />
        </SimpleGrid>
        <FormActions submitLabel="Salvar estabelecimento" busy={busy} />
      </Stack>
    </form>
  );
}

function ProposalTable({ proposals, onActivate }: { proposals: Proposal[]; onActivate: (p: Proposal) => void }) {
  if (!proposals.length) return <Text c="dimmed">{ACC_MSG.noItems}</Text>;
  return (
    <DataTable minWidth={860} stickyHeader aria-label="Propostas" head={['Adquirente', 'Proposta', 'Credenciamento', 'Aprovada em', 'Última transação', 'MCC', 'Status', 'Ação']}>
      {proposals.map((p) => (
        <Table.Tr key={p.Id} data-testid="proposal-row">
          <Table.Td>{acquirerLabel(p.AcquirerId)}</Table.Td>
          <Table.Td>{p.ProposalId || '-'}</Table.Td>
          <Table.Td>{showDate(p.AccreditationDate)}</Table.Td>
          <Table.Td>{showDate(p.ApprovedAt)}</Table.Td>
          <Table.Td>{p.LastTransactionDays === null ? '-' : `${showDate(p.LastTransactionDate)} (${p.LastTransactionDays} dias)`}</Table.Td>
          <Table.Td>{p.Mcc ?? '-'}</Table.Td>
          <Table.Td>
            {p.Checking ? (
              <Badge color="yellow.9" variant="light" data-testid="proposal-checking">
                Em verificação
              </Badge>
            ) : (
              <ProposalStatusBadge status={p.Status} />
            )}
            {p.Status === 2 && p.Message && (
              <Text size="sm" c="red.9" mt={4}>
                {p.Message}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {p.IsActiveProposal ? (
              <Badge color="blue.9" variant="filled">
                Ativo
              </Badge>
            ) : canActivate(p) ? (
              <Button size="xs" mih={44} onClick={() => onActivate(p)}>
                Ativar
              </Button>
            ) : (
              '-'
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** "Credenciamento" (spec 001 §2.15): the merchant, contact and department forms, proposals, activation and the acquirer picker. */
export function AccreditationPage() {
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const queryClient = useQueryClient();
  // While a proposal is "em verificação" at the provider, the page asks again every 5 s.
  const info = useQuery({ ...accreditationQueries.info(localId), enabled: Boolean(localId), refetchInterval: (q) => (q.state.data?.ProposalList.some((p) => p.Checking) ? 5_000 : false) });
  const [confirming, setConfirming] = useState<Proposal | null>(null);
  const [activating, setActivating] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [opening, setOpening] = useState(false);
  const activateIntent = useCommandKey();
  const accreditIntent = useCommandKey();
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accreditationQueries.info(localId).queryKey });

  const activate = async () => {
    if (!confirming) return;
    setActivating(true);
    try {
      const r = await activateProposal(confirming.Id, activateIntent.keyFor(confirming.Id));
      activateIntent.done();
      void toastSuccess(r.Message);
      setConfirming(null);
    } catch (err) {
      void showToast({ color: 'red', title: ACC_MSG.activateFailed, message: serverMessageOr(err, ACC_MSG.activateFailed) });
    } finally {
      setActivating(false);
      await refresh();
    }
  };
  const openManagement = async (document: string) => {
    setOpening(true);
    try {
      const { Url } = await managementUrl(document);
      window.open(Url, '_blank', 'noopener');
    } catch (err) {
      void toastError(err instanceof ApiError && err.status === 404 ? ACC_MSG.managementUrlMissing : ACC_MSG.managementUrlFailed);
    } finally {
      setOpening(false);
    }
  };
  const sendAccreditation = async () => {
    if (!chosen.length) return void toastError(ACC_MSG.chooseAcquirer);
    setSending(true);
    const acquirers = chosen.map(Number);
    const r = await adminCall(() => accredit(localId, acquirers, accreditIntent.keyFor({ localId, acquirers })));
    setSending(false);
    if (r) {
      accreditIntent.done();
      // 202: the provider has not answered yet; the proposal's row says "Em verificação" until it does.
      if (r.Message) void showToast({ color: 'orange.9', message: r.Message });
      else void toastSuccess(ACC_MSG.accreditationSent);
      setChosen([]);
      queryClient.setQueryData(accreditationQueries.info(localId).queryKey, r);
    }
  };

  const data = info.data;
  return (
    <Stack maw={1100} mx="auto">
      <PageHeader title="Credenciamento">
        {data && (
          <Button variant="default" loading={opening} onClick={() => void openManagement(data.Document)}>
            Abrir portal de gestão
          </Button>
        )}
      </PageHeader>
      <QueryState query={info} h={120} empty={ACC_MSG.noData}>
        {(data) => (
          <>
            <Facts cols={{ base: 2, sm: 4 }} facts={[
              ['Documento', showDocument(data.Document)],
              ['Merchant Id', data.PayStoreMerchantId || '-'],
              ['Transacional', data.IsMeepTransactional ? 'Sim' : 'Não'],
              ['Terminais (TIDs)', data.PayStoreQuantityTids],
            ]} />
            <Paper withBorder p="md" radius="md">
              <ContactForm localId={localId} />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <DepartmentForm localId={localId} />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Novo credenciamento
                </Title>
                <Checkbox.Group label="Adquirentes" value={chosen} onChange={setChosen}>
                  <Stack gap="xs" mt="xs">
                    {ACCREDITATION_ACQUIRERS.map((a) => {
                      const reason = acquirerBlockReason(a, data.ProposalList);
                      return <Checkbox key={a} value={String(a)} label={acquirerLabel(a)} disabled={reason !== null} description={reason ?? undefined} />;
                    })}
                  </Stack>
                </Checkbox.Group>
                <Group justify="flex-end">
                  <Button onClick={() => void sendAccreditation()} loading={sending}>
                    Credenciar
                  </Button>
                </Group>
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Propostas
                </Title>
                <ProposalTable proposals={data.ProposalList} onActivate={setConfirming} />
              </Stack>
            </Paper>
          </>
        )}
      </QueryState>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Ativar adquirente" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack>
          <Text>
            Ativar {confirming ? acquirerLabel(confirming.AcquirerId) : ''} (proposta {confirming?.ProposalId})? As transações do estabelecimento passam a usar este adquirente e o atual
            deixa de ser o ativo.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancelar
            </Button>
            <Button onClick={() => void activate()} loading={activating}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
