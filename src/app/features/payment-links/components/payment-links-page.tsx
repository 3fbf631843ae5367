import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { CardGrid, EmptyState } from '../../../components/card-grid';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PaymentLink } from '../../../../shared/contract/payment-links';
import { formatBRL, formatDate, formatTime } from '../../../../shared/format';
import { publicLinkUrl } from '../../../../shared/payment-links';
import { EditIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { getSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { deleteLink, linkQueries } from '../api/payment-link-queries';
import { useLinkPaymentsLive } from '../hooks/use-link-payments-live';
import { LinkPaymentsModal } from './link-payments';
import { LinkQr } from './link-qr';
import { SavedListNotice } from '../../../components/saved-list-notice';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useConfirmedAction } from '../../../components/use-registry-dialogs';
import { TitleRow } from '../../../components/title-row';

const STATE_BADGE: Record<PaymentLink['state'], { label: string; color: string }> = {
  open: { label: 'Ativo', color: 'green.2' },
  expired: { label: 'Expirado', color: 'gray.3' },
  used: { label: 'Utilizado', color: 'blue.2' },
  deleted: { label: 'Excluído', color: 'red.2' },
};
const CLOSE = { 'aria-label': 'Fechar' };

export const expiryText = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : 'indefinido');

export const linkTitle = (link: PaymentLink) => link.product?.nome ?? (link.description.slice(0, 60) || 'Link de pagamento');

function LinkCard({ link, onDelete, onQr, onPayments }: { link: PaymentLink; onDelete: () => void; onQr: () => void; onPayments: () => void }) {
  const url = publicLinkUrl(window.location.origin, link.id);
  const title = linkTitle(link);
  const badge = STATE_BADGE[link.state];
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Link ${title}`} data-testid="link-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" lineClamp={2}>
            {title}
          </Title>
          <Badge color={badge.color} c="dark.9" style={{ flexShrink: 0 }}>{badge.label}</Badge>
        </Group>
        <Text size="xl" fw={700} data-testid="link-price">
          {formatBRL(link.price)}
        </Text>
        {link.description && (
          <Text size="sm" lineClamp={3}>
            {link.description}
          </Text>
        )}
        <Text size="sm">
          Expira em: <strong data-testid="link-expiry">{expiryText(link.expirationDate)}</strong>
        </Text>
        <Text size="sm" data-testid="link-collected">
          {link.paymentsCount === 1 ? '1 pagamento' : `${link.paymentsCount} pagamentos`} · {formatBRL(link.totalCollected)} recebidos
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="link-url">
            {url}
          </Anchor>
        </Group>
        <Group gap="xs" mt="xs">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button mih={44} variant="default" onClick={() => { copy(); void toastSuccess('Link copiado!'); }} aria-label={`Copiar link ${title}`}>
                {copied ? 'Copiado' : 'Copiar link'}
              </Button>
            )}
          </CopyButton>
          <Button mih={44} variant="default" onClick={onQr} aria-label={`QR code do link ${title}`}>
            QR code
          </Button>
          <Button mih={44} variant="default" onClick={onPayments} aria-label={`Pagamentos do link ${title}`}>
            Pagamentos
          </Button>
          <Button mih={44} variant="default" renderRoot={(props) => <Link {...props} to="/cadastro/mepaylink/formulario/{-$mePayLinkId}" params={{ mePayLinkId: link.id }} />} leftSection={<EditIcon />} aria-label={`Editar link ${title}`}>
            Editar
          </Button>
          <Button mih={44} variant="default" leftSection={<TrashIcon />} onClick={onDelete} aria-label={`Excluir link ${title}`}>
            Excluir
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Payment link list (spec 000 §2 Payment links). */
export function PaymentLinksPage() {
  useDocumentTitle('Links de pagamento · Balcão');
  const localId = getSession()?.currentLocation?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...linkQueries.list(localId), enabled: Boolean(localId) });
  const live = useLinkPaymentsLive(localId);
  const { target: deleting, setTarget: setDeleting, busy, confirm: remove } = useConfirmedAction((r: PaymentLink) => deleteLink(r.id), () => queryClient.invalidateQueries({ queryKey: linkQueries.all }));
  const [qr, setQr] = useState<PaymentLink | null>(null);
  const [payments, setPayments] = useState<PaymentLink | null>(null);
  const [qrPng, setQrPng] = useState<string | null>(null);

  const links = list.data ?? [];
  return (
    <Stack>
      <TitleRow title="Links de pagamento">
        <Button renderRoot={(props) => <Link {...props} to="/cadastro/mepaylink/formulario/{-$mePayLinkId}" params={{ mePayLinkId: undefined }} />} leftSection={<PlusIcon />} mih={44}>
          Novo link
        </Button>
      </TitleRow>
      <SavedListNotice query={list} testId="links-offline" />
      {list.isError && list.data === undefined && <Alert color="red">{list.error.message}</Alert>}
      <CardGrid
        loading={list.isPending}
        skeletonHeight={240}
        isEmpty={links.length === 0}
        empty={
          <EmptyState centered radius="sm" text="Nenhum link de pagamento cadastrado.">
            <Button renderRoot={(props) => <Link {...props} to="/cadastro/mepaylink/formulario/{-$mePayLinkId}" params={{ mePayLinkId: undefined }} />} mih={44}>
              Cadastrar link
            </Button>
          </EmptyState>
        }
      >
        {links.map((l) => (
          <LinkCard key={l.id} link={l} onDelete={() => setDeleting(l)} onQr={() => { setQrPng(null); setQr(l); }} onPayments={() => setPayments(l)} />
        ))}
      </CardGrid>
      <ConfirmDelete
        opened={deleting !== null}
        title="Excluir link"
        question="Tem certeza que deseja excluir este link? Quem abrir o link verá que ele foi excluído. Esta ação não pode ser desfeita."
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
      <Modal opened={qr !== null} onClose={() => setQr(null)} title="QR code do link" closeButtonProps={CLOSE}>
        {qr && (
          <Stack align="center">
            <LinkQr text={publicLinkUrl(window.location.origin, qr.id)} alt="QR code do link de pagamento" size={280} onReady={setQrPng} />
            <Text size="sm" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {publicLinkUrl(window.location.origin, qr.id)}
            </Text>
            <Group>
              {qrPng && (
                <Button component="a" href={qrPng} download={`link-${qr.id}.png`} variant="default">
                  Baixar PNG
                </Button>
              )}
              <Button variant="default" onClick={() => window.print()}>
                Imprimir
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <LinkPaymentsModal link={payments} title={payments ? linkTitle(payments) : ''} live={live} onClose={() => setPayments(null)} />
    </Stack>
  );
}
