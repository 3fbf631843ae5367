import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  CopyButton,
  Group,
  Image,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { publicPaymentRequest, type PublicDonationEvent, type PublicPayment } from '../../../../shared/contract/donations';
import { DONATION_MSG, formatDonationDateTime, parseDonationAmount } from '../../../../shared/donations';
import { PIX_MSG } from '../../../../shared/pix';
import { isValidCpfOrCnpj } from '../../../../shared/documents';
import { formatBRL, onlyDigits } from '../../../../shared/format';
import { donationQueries, payDonation, paymentStatus, sandboxConfirm } from '../api/donation-queries';
import { zodErrors } from './form-errors';
import { SafeHtml } from './safe-html';

const OTHER = 'outro';

function Banner({ event }: { event: PublicDonationEvent }) {
  const mobile = event.banner_mobile || event.banner_web;
  const web = event.banner_web || event.banner_mobile;
  if (!mobile) return <Box h={120} style={{ background: event.colorTheme }} />;
  return (
    <picture>
      <source media="(min-width: 768px)" srcSet={web} />
      <img src={mobile} alt={`Banner de ${event.nome}`} style={{ width: '100%', maxHeight: 420, objectFit: 'cover', display: 'block' }} />
    </picture>
  );
}

function ThankYou({ event, payment }: { event: PublicDonationEvent; payment: PublicPayment }) {
  return (
    <Card withBorder radius="md" p="lg" role="status">
      <Stack align="center" ta="center">
        <Title order={2} size="h3" style={{ color: event.colorTheme }}>
          Doação confirmada!
        </Title>
        <Text size="lg">{event.customThanks || 'Obrigado pela sua doação!'}</Text>
        <Text c="gray.7">Valor: {formatBRL(payment.amount)}</Text>
      </Stack>
    </Card>
  );
}

/** The public donation page of an event (`/doar/{link}`): phone first, no sign-in. */
export function PublicDonationPage({ link, preselected }: { link: string; preselected?: string }) {
  const page = useQuery({ ...donationQueries.publicEvent(link), retry: 1 });
  useDocumentTitle(page.data ? `${page.data.nome} | Doe agora` : 'Doação');
  const [choice, setChoice] = useState<string | null>(preselected ?? null);
  const [other, setOther] = useState('');
  const [instituteId, setInstituteId] = useState<string | null>(null);
  const [method, setMethod] = useState<'pix' | 'card'>('pix');
  const [donor, setDonor] = useState({ name: '', document: '', email: '', phone: '' });
  const [card, setCard] = useState({ number: '', holder: '', expiry: '', cvv: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState<PublicPayment | null>(null);
  const [verifying, setVerifying] = useState(false);
  // One Idempotency-Key per donation attempt: the same attempt sent again (a double click, a retry
  // after an error) keeps it, so the donor is charged once; any change makes it another attempt.
  const attempt = useRef<{ key: string; request: string } | null>(null);

  // A pending Pix, or a card payment "em verificação", is asked about every 3 s until it is settled.
  useEffect(() => {
    if (!payment || payment.status !== 'pending') return;
    const timer = setInterval(() => {
      void paymentStatus(payment.paymentId).then((p) => {
        if (p.status === 'pending') return;
        if (p.status === 'failed') {
          attempt.current = null;
          setPayment(null);
          setFormError(p.message);
          return;
        }
        setPayment((cur) => (cur ? { ...cur, status: p.status, message: p.message } : cur));
      }, () => undefined);
    }, 3000);
    return () => clearInterval(timer);
  }, [payment]);

  if (page.isPending)
    return (
      <Center mih="100vh">
        <Loader aria-label="Carregando" />
      </Center>
    );
  if (page.isError)
    return (
      <Container size="xs" py="xl">
        <Alert color="red" title="Página de doação indisponível">
          {page.error.message}
        </Alert>
      </Container>
    );
  const event = page.data;
  const color = event.colorTheme;
  const chosen = event.options.find((o) => o.gateWayLinkId === choice) ?? null;
  const otherAmount = choice === OTHER ? parseDonationAmount(other) : null;
  const amount = chosen ? chosen.amount : otherAmount;
  // The method picked, or the first one this page offers now.
  const payWith = event.methods.includes(method) ? method : (event.methods[0] ?? 'pix');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = {
      gateWayLinkId: chosen?.gateWayLinkId ?? null,
      amount: chosen ? null : (otherAmount ?? 0),
      instituteId: chosen ? null : (instituteId ?? (event.institutes.length === 1 ? event.institutes[0].id : null)),
      method: payWith,
      donor,
      card: payWith === 'card' ? card : null,
    };
    const errs = zodErrors(publicPaymentRequest, body);
    if (!choice) errs.amount = 'Escolha um valor.';
    if (choice === OTHER && otherAmount === null) errs.amount = DONATION_MSG.amountInvalid;
    if (!chosen && !body.instituteId) errs.instituteId = DONATION_MSG.chooseInstitute;
    if (donor.document.trim() && !isValidCpfOrCnpj(donor.document)) errs['donor.document'] = DONATION_MSG.donorDocumentInvalid;
    setErrors(errs);
    if (Object.keys(errs).length) {
      setFormError('Confira os campos destacados.');
      return;
    }
    if (busy) return;
    const request = JSON.stringify(body);
    if (attempt.current?.request !== request) attempt.current = { key: crypto.randomUUID(), request };
    setBusy(true);
    try {
      const p = await payDonation(link, body, attempt.current.key, () => setVerifying(true));
      attempt.current = null;
      setPayment(p);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      setVerifying(false);
    }
  };

  const amounts: ReactNode = (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} mb={4}>
        Escolha o valor
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {event.options.map((o) => (
          <UnstyledButton
            key={o.gateWayLinkId}
            onClick={() => setChoice(o.gateWayLinkId)}
            aria-pressed={choice === o.gateWayLinkId}
            p="sm"
            mih={64}
            style={{ border: `2px solid ${choice === o.gateWayLinkId ? color : 'var(--mantine-color-gray-4)'}`, borderRadius: 8, background: choice === o.gateWayLinkId ? `${color}14` : undefined }}
          >
            <Text fw={700} size="lg">
              {formatBRL(o.amount)}
            </Text>
            <Text size="xs" c="gray.7" lineClamp={2}>
              {o.description} · {o.instituteName}
            </Text>
          </UnstyledButton>
        ))}
        <UnstyledButton
          onClick={() => setChoice(OTHER)}
          aria-pressed={choice === OTHER}
          p="sm"
          mih={64}
          style={{ border: `2px solid ${choice === OTHER ? color : 'var(--mantine-color-gray-4)'}`, borderRadius: 8 }}
        >
          <Text fw={700}>Outro valor</Text>
        </UnstyledButton>
      </SimpleGrid>
      {choice === OTHER && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Valor (R$)" inputMode="decimal" placeholder="0,00" value={other} onChange={(e) => setOther(e.currentTarget.value)} size="md" />
          {event.institutes.length > 1 && (
            <Select label="Instituição" placeholder="Selecione a instituição" data={event.institutes.map((i) => ({ value: i.id, label: i.nome }))} value={instituteId} onChange={setInstituteId} size="md" error={errors.instituteId} />
          )}
        </SimpleGrid>
      )}
      {errors.amount && (
        <Text c="red.8" size="sm">
          {errors.amount}
        </Text>
      )}
    </Stack>
  );

  const texts: ReactNode = (
    <Stack>
      <SafeHtml html={event.detailHtml} testId="detail-html" />
      {event.aboutProjectHtml && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Sobre o projeto
          </Title>
          <SafeHtml html={event.aboutProjectHtml} testId="about-html" />
        </Stack>
      )}
      {event.whichInstitution && <Text size="sm">Instituições beneficiadas: {event.whichInstitution}</Text>}
    </Stack>
  );

  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Banner event={event} />
      <Container size="sm" py="md" px="sm">
        <Stack gap="lg">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={1} size="h2">
                {event.nome}
              </Title>
              {event.sandbox && (
                <Badge color="dark" variant="filled" title="Pagamentos em ambiente de testes" style={{ flexShrink: 0 }}>
                  sandbox
                </Badge>
              )}
            </Group>
            <Text c="gray.7">{formatDonationDateTime(event.date)}</Text>
            {event.linkOfLive && (
              <Anchor c="blue.9" href={event.linkOfLive} target="_blank" rel="noopener">
                Assistir ao vivo
              </Anchor>
            )}
          </Stack>
          {!event.isActive && <Alert color="gray">{DONATION_MSG.eventInactive}</Alert>}
          {event.showValueAbove ? null : texts}
          {payment?.status === 'paid' ? (
            <ThankYou event={event} payment={payment} />
          ) : payment?.status === 'pending' && !payment.pix ? (
            <Card withBorder radius="md" p="lg" role="status" aria-live="polite" data-testid="payment-checking">
              <Stack align="center" gap="xs">
                <Loader size="sm" aria-hidden />
                <Title order={2} size="h4">
                  {DONATION_MSG.paymentChecking}
                </Title>
                <Text c="gray.7" ta="center">
                  {DONATION_MSG.paymentCheckingDetail(formatBRL(payment.amount))}
                </Text>
              </Stack>
            </Card>
          ) : payment?.pix ? (
            <Card withBorder radius="md" p="md">
              <Stack align="center">
                <Title order={2} size="h4">
                  Pague {formatBRL(payment.amount)} com Pix
                </Title>
                <Image src={payment.pix.qrDataUrl} alt="QR code Pix" w={260} h={260} />
                <TextInput label="Pix copia e cola" value={payment.pix.brCode} readOnly w="100%" />
                <CopyButton value={payment.pix.brCode}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} size="lg" variant="outline" color="dark">
                      {copied ? 'Código copiado' : 'Copiar código'}
                    </Button>
                  )}
                </CopyButton>
                <Text size="sm" c="gray.7" role="status">
                  Aguardando pagamento…
                </Text>
                {event.sandbox && (
                  <Button
                    size="lg"
                    variant="outline"
                    color="dark"
                    onClick={() => void sandboxConfirm(payment.paymentId).then(setPayment, (err: Error) => setFormError(err.message))}
                  >
                    Simular pagamento (sandbox)
                  </Button>
                )}
              </Stack>
            </Card>
          ) : event.isActive && event.methods.length === 0 ? (
            <Alert color="gray" title="Pagamentos não configurados" data-testid="payments-not-configured">
              {PIX_MSG.notConfigured}
            </Alert>
          ) : event.isActive ? (
            <Card withBorder radius="md" p="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-label="Fazer uma doação">
              <Stack>
                {amounts}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="Nome completo" withAsterisk size="md" autoComplete="name" value={donor.name} onChange={(e) => setDonor({ ...donor, name: e.currentTarget.value })} error={errors['donor.name']} />
                  <TextInput label="E-mail" withAsterisk size="md" type="email" autoComplete="email" value={donor.email} onChange={(e) => setDonor({ ...donor, email: e.currentTarget.value })} error={errors['donor.email']} />
                  <TextInput label="CPF ou CNPJ (opcional)" size="md" value={donor.document} onChange={(e) => setDonor({ ...donor, document: e.currentTarget.value })} error={errors['donor.document']} />
                  <TextInput label="Telefone (opcional)" size="md" type="tel" autoComplete="tel" value={donor.phone} onChange={(e) => setDonor({ ...donor, phone: e.currentTarget.value })} />
                </SimpleGrid>
                <SegmentedControl
                  fullWidth
                  size="md"
                  aria-label="Forma de pagamento"
                  value={payWith}
                  onChange={(v) => setMethod(v as 'pix' | 'card')}
                  data={event.methods.map((m) => ({ value: m, label: m === 'pix' ? 'Pix' : 'Cartão de crédito' }))}
                />
                {payWith === 'card' && (
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Número do cartão" size="md" inputMode="numeric" autoComplete="cc-number" value={card.number} onChange={(e) => setCard({ ...card, number: e.currentTarget.value })} error={errors['card.number']} description={event.sandbox ? "Sandbox: 4111 1111 1111 1111 aprova" : undefined}
                      descriptionProps={{ c: "gray.7" }} />
                    <TextInput label="Nome impresso no cartão" size="md" autoComplete="cc-name" value={card.holder} onChange={(e) => setCard({ ...card, holder: e.currentTarget.value })} error={errors['card.holder']} />
                    <TextInput label="Validade (MM/AA)" size="md" autoComplete="cc-exp" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.currentTarget.value })} error={errors['card.expiry']} />
                    <TextInput label="CVV" size="md" inputMode="numeric" autoComplete="cc-csc" value={card.cvv} onChange={(e) => setCard({ ...card, cvv: e.currentTarget.value })} error={errors['card.cvv']} />
                  </SimpleGrid>
                )}
                {formError && (
                  <Alert color="red" role="alert">
                    {formError}
                  </Alert>
                )}
                <Text size="sm" c="gray.7" role="status" aria-live="polite">
                  {verifying ? DONATION_MSG.browserCheck : ''}
                </Text>
                <Button type="submit" size="lg" color={color} loading={busy} fullWidth>
                  {event.labelButtonDonate || 'Doar'}
                  {amount ? ` ${formatBRL(amount)}` : ''}
                </Button>
              </Stack>
            </Card>
          ) : null}
          {event.showValueAbove ? texts : null}
          {event.frequentlyQuestion.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                Perguntas frequentes
              </Title>
              <Accordion variant="separated">
                {event.frequentlyQuestion.map((f, i) => (
                  <Accordion.Item key={i} value={String(i)}>
                    <Accordion.Control>{f.question}</Accordion.Control>
                    <Accordion.Panel>{f.answer}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          )}
          {(event.contactPhrase || event.contactPhone) && (
            <Text size="sm" ta="center">
              {event.contactPhrase}{' '}
              {event.contactPhone && <Anchor c="blue.9" href={`https://wa.me/55${onlyDigits(event.contactPhone)}`}>{event.contactPhone}</Anchor>}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
