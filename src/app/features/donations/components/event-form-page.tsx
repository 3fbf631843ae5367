import { ActionIcon, Alert, Button, ColorInput, Fieldset, Group, Loader, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { donationEventInput, type DonationEvent, type DonationEventInput } from '../../../../shared/contract/donations';
import { DEFAULT_EVENT_COLOR, DONATION_MSG, saoPauloWallClock } from '../../../../shared/donations';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { donationQueries, saveEvent } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { BannerField } from './banner-field';
import { serverErrors, zodErrors } from './form-errors';
import { RichTextField } from './rich-text-field';
import { TitleRow } from '../../../components/title-row';

type Values = Omit<DonationEventInput, 'date'> & { date: string };

/** ISO → the datetime-local value in America/Sao_Paulo. */
const toLocalInput = (iso: string) => (iso ? saoPauloWallClock(new Date(iso)).toISOString().slice(0, 16) : '');
/** The datetime-local value read as America/Sao_Paulo (UTC−3 all year) → ISO. */
const fromLocalInput = (v: string) => (v ? new Date(`${v}:00-03:00`).toISOString() : '');

function emptyValues(localId: string): Values {
  return {
    id: null,
    nome: '',
    link: '',
    linkOfLive: '',
    date: '',
    banner_web: '',
    banner_mobile: '',
    isActive: true,
    frequentlyQuestion: [],
    showValueAbove: false,
    colorTheme: DEFAULT_EVENT_COLOR,
    detailHtml: '',
    aboutProjectHtml: '',
    customThanks: '',
    whichInstitution: '',
    labelButtonDonate: 'Doar',
    contactPhrase: '',
    contactPhone: '',
    localClienteId: localId,
  };
}

function fromEvent(e: DonationEvent): Values {
  const { localClienteId, ...rest } = e;
  return { ...rest, date: toLocalInput(e.date), localClienteId };
}

/** /doacoes/eventos/formulario/{eventId?}: a new event, or one read-only until Editar. */
export function EventFormPage({ eventId }: { eventId?: string }) {
  const isNew = !eventId;
  useDocumentTitle(`${isNew ? 'Novo evento' : 'Detalhes do evento'} | Balcão`);
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...donationQueries.event(eventId ?? ''), enabled: Boolean(eventId) });
  const [editing, setEditing] = useState(isNew);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: emptyValues(localId),
    validate: (v) => zodErrors(donationEventInput, { ...v, date: fromLocalInput(v.date) }),
  });

  useEffect(() => {
    if (existing.data) {
      form.setValues(fromEvent(existing.data));
      form.resetDirty();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing.data]);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  if (eventId && existing.isPending) return <Loader aria-label="Carregando evento" />;
  if (existing.isError) return <Alert color="red">{existing.error.message}</Alert>;
  const readOnly = !editing;

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const body: DonationEventInput = { ...v, date: fromLocalInput(v.date), localClienteId: v.localClienteId || localId, id: eventId ?? null };
      await saveEvent(body);
      void toastSuccess(isNew ? DONATION_MSG.eventSaved : DONATION_MSG.eventEdited);
      await queryClient.invalidateQueries({ queryKey: donationQueries.all });
      void navigate({ to: '/doacoes/eventos' });
    } catch (err) {
      if (err instanceof ApiError) form.setErrors(serverErrors(err.body));
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  const onInvalid = (errors: Record<string, unknown>) => {
    const first = Object.values(errors).find((e) => typeof e === 'string');
    if (first) void toastError(String(first));
  };
  const faq = form.values.frequentlyQuestion;

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v), onInvalid)} noValidate>
      <Stack maw={900}>
        <TitleRow title={isNew ? 'Novo evento' : 'Detalhes do evento'}>
          <Group>
            <Button variant="default" component={Link} to="/doacoes/eventos">
              Voltar
            </Button>
            {readOnly ? (
              // Its own key and preventDefault: the same element turning into "Salvar" must not submit.
              <Button
                key="edit"
                type="button"
                onClick={(e) => {
                  e.preventDefault();
                  setEditing(true);
                }}
              >
                Editar
              </Button>
            ) : (
              <Button key="save" type="submit" loading={saving}>
                Salvar
              </Button>
            )}
          </Group>
        </TitleRow>
        <Fieldset legend="Evento" disabled={false}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nome" withAsterisk readOnly={readOnly} {...form.getInputProps('nome')} />
            <TextInput
              label="Link do evento"
              description="Endereço da página de doação: /doar/seu-link"
              descriptionProps={{ c: "gray.7" }}
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('link')}
            />
            <TextInput label="Data e hora" type="datetime-local" withAsterisk readOnly={readOnly} {...form.getInputProps('date')} />
            <TextInput label="Link da transmissão ao vivo" readOnly={readOnly} {...form.getInputProps('linkOfLive')} />
            <ColorInput label="Cor do tema" format="hex" withEyeDropper={false} withAsterisk readOnly={readOnly} disallowInput={false} {...form.getInputProps('colorTheme')} />
            <TextInput label="Texto do botão de doar" readOnly={readOnly} {...form.getInputProps('labelButtonDonate')} />
          </SimpleGrid>
          <Group mt="md">
            <Switch label="Evento ativo" disabled={readOnly} {...form.getInputProps('isActive', { type: 'checkbox' })} />
            <Switch label="Mostrar valores acima dos textos" disabled={readOnly} {...form.getInputProps('showValueAbove', { type: 'checkbox' })} />
          </Group>
        </Fieldset>
        <Fieldset legend="Banners">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BannerField label="Banner web" value={form.values.banner_web} onChange={(u) => form.setFieldValue('banner_web', u)} localId={localId} readOnly={readOnly} />
            <BannerField label="Banner mobile" value={form.values.banner_mobile} onChange={(u) => form.setFieldValue('banner_mobile', u)} localId={localId} readOnly={readOnly} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Textos">
          <Stack>
            <RichTextField label="Detalhes do evento" value={form.values.detailHtml} onChange={(h) => form.setFieldValue('detailHtml', h)} readOnly={readOnly} error={form.errors.detailHtml as string | undefined} />
            <RichTextField label="Sobre o projeto" value={form.values.aboutProjectHtml} onChange={(h) => form.setFieldValue('aboutProjectHtml', h)} readOnly={readOnly} error={form.errors.aboutProjectHtml as string | undefined} />
            <TextInput label="Instituições beneficiadas" readOnly={readOnly} {...form.getInputProps('whichInstitution')} />
            <Textarea label="Agradecimento" description="Mostrado ao doador depois do pagamento"
              descriptionProps={{ c: "gray.7" }} autosize minRows={2} readOnly={readOnly} {...form.getInputProps('customThanks')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Frase de contato" readOnly={readOnly} {...form.getInputProps('contactPhrase')} />
              <TextInput label="Telefone de contato" readOnly={readOnly} {...form.getInputProps('contactPhone')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Perguntas frequentes">
          <Stack>
            {faq.length === 0 && <Text c="gray.7">Nenhuma pergunta cadastrada.</Text>}
            {faq.map((_, i) => (
              <Group key={i} align="flex-start" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                  <TextInput label={`Pergunta ${i + 1}`} readOnly={readOnly} {...form.getInputProps(`frequentlyQuestion.${i}.question`)} error={form.errors[`frequentlyQuestion.${i}`] ?? form.errors[`frequentlyQuestion.${i}.question`]} />
                  <Textarea label={`Resposta ${i + 1}`} autosize readOnly={readOnly} {...form.getInputProps(`frequentlyQuestion.${i}.answer`)} />
                </SimpleGrid>
                {!readOnly && (
                  <ActionIcon variant="subtle" color="red" size={44} mt={24} aria-label={`Remover pergunta ${i + 1}`} onClick={() => form.removeListItem('frequentlyQuestion', i)}>
                    <TrashIcon />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {!readOnly && (
              <Button variant="light" leftSection={<PlusIcon />} onClick={() => form.insertListItem('frequentlyQuestion', { question: '', answer: '' })} w="fit-content">
                Adicionar pergunta
              </Button>
            )}
          </Stack>
        </Fieldset>
      </Stack>
    </form>
  );
}
