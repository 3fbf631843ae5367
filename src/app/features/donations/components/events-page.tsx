import { failureText } from '../failure-text';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { BannerCard, CardGrid, EmptyState } from '../../../components/card-grid';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { DonationEvent } from '../../../../shared/contract/donations';
import { DONATION_MSG, DONATION_PAGE_PREFIX, formatDonationDateTime } from '../../../../shared/donations';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { toastError, toastSuccess } from '../../../lib/toast';
import { deleteEvent, donationQueries } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { TitleRow } from '../../../components/title-row';

function EventCard({ event, onDelete }: { event: DonationEvent; onDelete: () => void }) {
  return (
    <BannerCard
      label={`Evento ${event.nome}`}
      testId="event-card"
      ratio={16 / 7}
      name={event.nome}
      image={event.banner_web}
      imageAlt={`Banner do evento ${event.nome}`}
      letter={{ style: { background: event.colorTheme }, c: 'white' }}
      badge={
        <Badge color={event.isActive ? "teal.9" : "gray.7"} variant="filled">
          {event.isActive ? 'Ativo' : 'Inativo'}
        </Badge>
      }
    >
      <Text size="sm" c="gray.7">
        {formatDonationDateTime(event.date)}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="sm" variant="light" component={Link} to={`/doacoes/eventos/formulario/${event.id}`} aria-label={`Detalhes do evento ${event.nome}`}>
          Detalhes
        </Button>
        <Button size="sm" variant="default" component={Link} to={`/doacoes/eventos/qrcode/${encodeURIComponent(event.link)}`} target="_blank" aria-label={`QR code do evento ${event.nome}`}>
          QR code
        </Button>
        <Button size="sm" variant="default" component="a" href={`${DONATION_PAGE_PREFIX}${event.link}`} target="_blank" rel="noopener" aria-label={`Página de doação de ${event.nome}`}>
          Página
        </Button>
        <Button size="sm" variant="light" color="red" leftSection={<TrashIcon />} onClick={onDelete} aria-label={`Excluir evento ${event.nome}`}>
          Excluir
        </Button>
      </Group>
    </BannerCard>
  );
}

/** /doacoes/eventos: event cards, add, details, delete with confirmation (spec 000 §2). */
export function EventsPage() {
  useDocumentTitle('Eventos de doação | Balcão');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...donationQueries.events(localId), enabled: Boolean(localId) });
  const [deleting, setDeleting] = useState<DonationEvent | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteEvent(id),
    onSuccess: async () => {
      void toastSuccess(DONATION_MSG.eventDeleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: donationQueries.all });
    },
    // The server says why when it knows (an event with institutions); otherwise the spec's text.
    onError: (err) => void toastError(failureText(err, DONATION_MSG.eventDeleteFailed)),
  });

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver os eventos.</Alert>;
  const events = list.data ?? [];
  return (
    <Stack>
      <TitleRow title="Eventos">
        <Button leftSection={<PlusIcon />} component={Link} to="/doacoes/eventos/formulario">
          Adicionar evento
        </Button>
      </TitleRow>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      <CardGrid
        loading={list.isPending}
        skeletonHeight={240}
        isEmpty={events.length === 0}
        empty={
          <EmptyState centered text="Nenhum evento cadastrado." textColor="gray.7">
            <Button component={Link} to="/doacoes/eventos/formulario">
              Adicionar evento
            </Button>
          </EmptyState>
        }
      >
        {events.map((e) => (
          <EventCard key={e.id} event={e} onDelete={() => setDeleting(e)} />
        ))}
      </CardGrid>
      <ConfirmDelete
        opened={deleting !== null}
        title="Excluir evento"
        question={`Deseja excluir o evento “${deleting?.nome ?? ''}”?`}
        note="Esta ação não poderá ser desfeita."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
