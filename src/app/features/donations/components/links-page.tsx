import { ActionIcon, Alert, Anchor, Button, Card, CopyButton, Group, Select, SimpleGrid, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { donationLinkCreate, type DonationLink } from '../../../../shared/contract/donations';
import { DONATION_MSG, parseDonationAmount } from '../../../../shared/donations';
import { formatBRL } from '../../../../shared/format';
import { TrashIcon } from '../../../components/icons';
import { toastError, toastSuccess } from '../../../lib/toast';
import { createLink, deleteLink, donationQueries, updateLink } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { zodErrors } from './form-errors';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { DataTable } from '../../../components/data-table';

interface Draft {
  showLink: boolean;
  description: string;
  produtoId: string;
  amount: string;
}
const emptyDraft: Draft = { showLink: true, description: '', produtoId: '', amount: '' };

/**
 * /doacoes/links: pick the event, then the institution; the editable table of its links. Show-link
 * is editable on every row; description, product and amount are entered only when adding; the link
 * and the event name are read-only (spec 000 §2).
 */
export function LinksPage() {
  useDocumentTitle('Links de doação | Balcão');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const [eventId, setEventId] = useState<string | null>(null);
  const [instituteId, setInstituteId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<DonationLink | null>(null);
  const events = useQuery({ ...donationQueries.events(localId), enabled: Boolean(localId) });
  const institutes = useQuery({ ...donationQueries.eventInstitutes(eventId ?? ''), enabled: Boolean(eventId) });
  const links = useQuery({ ...donationQueries.links(instituteId ?? ''), enabled: Boolean(instituteId) });
  const products = useQuery({ ...donationQueries.products(localId), enabled: Boolean(localId) });
  const linksKey = donationQueries.links(instituteId ?? '').queryKey;

  const add = useMutation({
    mutationFn: createLink,
    onSuccess: (list) => {
      queryClient.setQueryData(linksKey, list);
      setDraft(emptyDraft);
      void toastSuccess(DONATION_MSG.linkSaved);
    },
    onError: (err) => void toastError(err.message),
  });
  const toggle = useMutation({
    mutationFn: (l: DonationLink) => updateLink(l.gateWayLinkId, !l.showLink),
    onSuccess: (list) => {
      queryClient.setQueryData(linksKey, list);
      void toastSuccess(DONATION_MSG.linkEdited);
    },
    onError: (err) => void toastError(err.message),
  });
  const remove = useMutation({
    mutationFn: (l: DonationLink) => deleteLink(l.gateWayLinkId),
    onSuccess: async () => {
      setDeleting(null);
      void toastSuccess(DONATION_MSG.linkDeleted);
      await queryClient.invalidateQueries({ queryKey: linksKey });
    },
    onError: (err) => void toastError(err.message),
  });

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const eventName = events.data?.find((e) => e.id === eventId)?.nome ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = parseDonationAmount(draft.amount);
    const body = { showLink: draft.showLink, description: draft.description, produtoId: draft.produtoId, amount: amount ?? 0, instalmments: 1 as const, eventId: eventId ?? '', instituteId: instituteId ?? '' };
    const errs = zodErrors(donationLinkCreate, body);
    if (draft.amount.trim() && amount === null) errs.amount = DONATION_MSG.amountInvalid;
    setErrors(errs);
    const first = Object.values(errs)[0];
    if (first) {
      void toastError(first);
      return;
    }
    add.mutate(body);
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Links de doação
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        <Select
          label="Evento"
          placeholder="Selecione o evento"
          data={(events.data ?? []).map((e) => ({ value: e.id, label: e.nome }))}
          value={eventId}
          onChange={(v) => {
            setEventId(v);
            setInstituteId(null);
          }}
        />
        <Select
          label="Instituição"
          placeholder={eventId ? 'Selecione a instituição' : 'Selecione o evento primeiro'}
          disabled={!eventId}
          data={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.nome }))}
          value={instituteId}
          onChange={setInstituteId}
        />
      </SimpleGrid>
      {!instituteId ? (
        <Card withBorder p="lg">
          <Text c="gray.7">Selecione o evento e a instituição para ver os links.</Text>
        </Card>
      ) : links.isPending ? (
        <Skeleton h={160} />
      ) : links.isError ? (
        <Alert color="red">{links.error.message}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <DataTable minWidth={900} striped stickyHeader verticalSpacing="xs" head={['Mostrar link', 'Link', 'Descrição', 'Produto', 'Evento', 'Valor total', 'Ações']}>
            {links.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="gray.7">Nenhum link cadastrado.</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {links.data.map((l) => (
              <Table.Tr key={l.gateWayLinkId} data-testid="link-row">
                <Table.Td>
                  <Switch checked={l.showLink} onChange={() => toggle.mutate(l)} aria-label={`Mostrar link ${l.description}`} disabled={toggle.isPending} />
                </Table.Td>
                <Table.Td maw={260}>
                  <Group gap={4} wrap="nowrap">
                    <Anchor c="blue.9" href={l.link} target="_blank" rel="noopener" size="sm" truncate="end" maw={200}>
                      {l.link}
                    </Anchor>
                    <CopyButton value={l.link}>
                      {({ copied, copy }) => (
                        <Button size="compact-xs" variant="subtle" onClick={copy}>
                          {copied ? 'Copiado' : 'Copiar'}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Table.Td>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td>{l.produtoNome}</Table.Td>
                <Table.Td>{l.eventName}</Table.Td>
                <Table.Td>{formatBRL(l.amount)}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" size={44} aria-label={`Excluir link ${l.description}`} onClick={() => setDeleting(l)}>
                    <TrashIcon />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr data-testid="new-link-row">
              <Table.Td>
                <Switch checked={draft.showLink} onChange={(e) => setDraft({ ...draft, showLink: e.currentTarget.checked })} aria-label="Mostrar novo link" />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="gray.7">
                  Gerado ao salvar
                </Text>
              </Table.Td>
              <Table.Td>
                <TextInput label="Descrição" value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })} error={errors.description} />
              </Table.Td>
              <Table.Td>
                <Select
                  label="Produto"
                  searchable
                  placeholder="Buscar produto"
                  nothingFoundMessage="Nenhum produto de doação"
                  data={(products.data ?? []).map((p) => ({ value: p.id, label: p.nome }))}
                  value={draft.produtoId || null}
                  onChange={(v) => setDraft({ ...draft, produtoId: v ?? '' })}
                  error={errors.produtoId}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{eventName}</Text>
              </Table.Td>
              <Table.Td>
                <TextInput
                  label="Valor total"
                  inputMode="decimal"
                  placeholder="0,00"
                  value={draft.amount}
                  onChange={(e) => setDraft({ ...draft, amount: e.currentTarget.value })}
                  onBlur={() => {
                    const n = parseDonationAmount(draft.amount);
                    if (n !== null) setDraft({ ...draft, amount: n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
                  }}
                  error={errors.amount}
                />
              </Table.Td>
              <Table.Td>
                <Button type="submit" loading={add.isPending}>
                  Adicionar
                </Button>
              </Table.Td>
            </Table.Tr>
          </DataTable>
        </form>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title="Excluir link"
        question={DONATION_MSG.confirmLinkDelete}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
