import { ActionIcon, Badge, Button, Group, Indicator, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { KdsDeliverySettings, MarketplaceStatus } from '../../../../shared/contract/orders';
import { runtimeConfig } from '../../../lib/runtime-config';
import { chatUnreadLabel, deliverySummary, whatsappLink } from '../model/board-rules';
import { ValidationList } from './validation-list';

/**
 * Support line of the board's WhatsApp button (the spec names only the 55 prefix): runtime-config.json
 * `supportWhatsapp` when the deployment sets it, else this default.
 */
export const SUPPORT_WHATSAPP_DEFAULT = '1130000000';
function supportPhone(): string {
  const v = (runtimeConfig() as unknown as { supportWhatsapp?: unknown }).supportWhatsapp;
  return typeof v === 'string' && v.trim() ? v : SUPPORT_WHATSAPP_DEFAULT;
}

/** The delivery configuration summary (spec 000 §2): type, platform, courier called manually or automatically. */
export function DeliverySummary({ delivery, sandbox }: { delivery: KdsDeliverySettings; sandbox: boolean }) {
  const s = deliverySummary(delivery);
  return (
    <Text size="md" data-testid="delivery-summary">
      <strong>{s.type}</strong>
      {s.platform && ` · Plataforma: ${s.platform}${sandbox ? ' (sandbox)' : ''}`}
      {s.courier && ` · ${s.courier}`}
    </Text>
  );
}

/** Marketplace status with its expandable validations. */
export function MarketplaceIndicator({ status }: { status: MarketplaceStatus }) {
  const [open, setOpen] = useState(false);
  const available = status.merchant.available && status.isActive;
  const validations = status.merchant.validations;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge size="xl" color={available ? '#166534' : '#991b1b'} variant="filled" tt="none" data-testid="marketplace-status">
          Marketplace: {available ? 'loja aberta' : 'loja fechada'}
        </Badge>
        {validations.length > 0 && (
          <Button variant="subtle" size="md" mih={48} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Ocultar validações' : `Ver validações (${validations.length})`}
          </Button>
        )}
      </Group>
      {/* Shown in place, without Mantine's Collapse: its animation brought ~3 KB to the board's first load. */}
      {open && (
        <Paper withBorder p="sm">
          {status.merchant.message.title && <Text fw={700}>{status.merchant.message.title}</Text>}
          {status.merchant.message.subtitle && <Text size="sm">{status.merchant.message.subtitle}</Text>}
          <ValidationList validations={validations} markClosed mt="xs" />
        </Paper>
      )}
    </Stack>
  );
}

/** Customer chat with its unread count (9+ above 9); shown only with allowCustomerChatVisualization. */
export function ChatButton({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Indicator label={chatUnreadLabel(unread)} disabled={unread === 0} size={22} color="red" offset={6}>
        <Button variant="default" size="md" mih={48} onClick={() => setOpen(true)} data-testid="chat-button">
          Chat
        </Button>
      </Indicator>
      {open && (
        <Suspense fallback={null}>
          <ChatModal unread={unread} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

const ChatModal = lazy(() => import('./board-status-modals').then((m) => ({ default: m.ChatModal })));

export function SupportButton() {
  const href = whatsappLink(supportPhone()) ?? whatsappLink(SUPPORT_WHATSAPP_DEFAULT)!;
  return (
    <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" size={48} variant="light" color="green" aria-label="Suporte pelo WhatsApp" title="Falar com o suporte pelo WhatsApp">
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
        </svg>
    </ActionIcon>
  );
}
