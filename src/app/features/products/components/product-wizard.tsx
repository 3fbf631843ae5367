import { Alert, Autocomplete, Button, Checkbox, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  clampProductFreeLimit,
  normalizeText,
  SEX_RESTRICTION_OPTIONS,
  straightenApostrophes,
  usedFree,
  validateCategoryStep,
  fiscalProblems,
  productStepProblems,
} from '../../../../shared/products';
import type { ProductCreateRequest } from '../../../../shared/contract/products';
import { runtimeConfig } from '../../../lib/runtime-config';
import { isInFrame } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { createProduct, serverMessages } from '../api/product-api';
import { productQueries } from '../api/product-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { AdditionalEditor, type AdditionalRow } from './additional-editor';
import { FiscalFields, type FiscalValue } from './fiscal-fields';
import { ImagePicker } from './image-picker';
import { MoneyInput } from './money-input';
import { ObservationEditor, type ObservationRow } from './observation-editor';

export const WIZARD_STEPS = ['Categoria', 'Produto', 'Adicionais', 'Observações', 'Fiscal'] as const;

interface WizardState {
  categoriaId: string;
  nomeCategoria: string;
  foto: string | null;
  nome: string;
  valor: number | null;
  descricao: string;
  restricaoPorSexo: number;
  dontShowInKDS: boolean;
  produtoComposicao: boolean;
  adultHood: boolean;
  quantidadeAdicionaisGratuito: number;
  adicionais: AdditionalRow[];
  observacoes: ObservationRow[];
  fiscal: FiscalValue;
}

const initial: WizardState = {
  categoriaId: '',
  nomeCategoria: '',
  foto: null,
  nome: '',
  valor: null,
  descricao: '',
  restricaoPorSexo: 0,
  dontShowInKDS: false,
  produtoComposicao: false,
  adultHood: false,
  quantidadeAdicionaisGratuito: 0,
  adicionais: [],
  observacoes: [],
  fiscal: { ncm: '', cfop: '', cest: '' },
};

/** The AdicionarProdutoV2 payload (spec 001 §3 "Product (wizard register payload)"). */
function toPayload(s: WizardState, localId: string): ProductCreateRequest {
  return {
    LocalClienteId: localId,
    CategoriaId: s.categoriaId,
    NomeCategoria: s.nomeCategoria.trim(),
    FotoCategoria: '',
    Nome: straightenApostrophes(s.nome.trim()),
    Valor: s.valor,
    RestricaoPorSexo: s.restricaoPorSexo,
    Foto: s.foto,
    Descricao: s.descricao.trim(),
    QuantidadeAdicionaisGratuito: s.quantidadeAdicionaisGratuito,
    Adicionais: s.adicionais.map((a) => ({
      PodeSerGratuito: a.podeSerGratuito,
      IdProduto: a.produtoId,
      NomeProduto: a.produtoNome,
      ValorProduto: a.produtoValor,
      TipoAdicional: a.tipo,
      Quantidade: a.quantidade ?? 0,
      Minimo: a.minimo ?? 0,
      Maximo: a.maximo ?? 0,
      QuantidadeGratis: a.podeSerGratuito ? a.quantidadeGratuito ?? 0 : 0,
      QuantidadeAdicionaisGratuito: a.podeSerGratuito ? a.quantidadeGratuito ?? 0 : 0,
    })),
    Observacoes: s.observacoes.map((o) => ({ Descricao: o.descricao, Tipo: o.tipo, Opcoes: o.opcoes, EhDeReserva: o.ehDeReserva })),
    NCM: s.fiscal.ncm,
    CFOP: s.fiscal.cfop,
    CEST: s.fiscal.cest,
    AdultHood: s.adultHood,
    DontShowInKDS: s.dontShowInKDS,
    ProdutoComposicao: s.produtoComposicao,
  };
}

/** Cancel: back to the list; inside a frame the host is told too (PRODUCT_BACK). */
export function postProductBack() {
  if (!isInFrame()) return;
  const origins = runtimeConfig().frameAllowedOrigins;
  // The message carries nothing private, so any host may hear it when none is configured.
  for (const origin of origins.length ? origins : ['*']) window.parent.postMessage({ action: 'PRODUCT_BACK', type: 'PRODUCT_BACK' }, origin);
}

/** The five-step product registration (spec 001 §2.1, §4, §5 "Wizard"). */
export function ProductWizard() {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [s, setS] = useState<WizardState>(initial);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const categories = useQuery({ ...productQueries.categories(localId), enabled: Boolean(localId) });
  const settings = useQuery({ ...productQueries.ownerSettings(localId), enabled: Boolean(localId) });
  const issuesNfce = settings.data?.GerarNFCE ?? false;
  const set = <K extends keyof WizardState>(k: K, v: WizardState[K]) => setS((old) => ({ ...old, [k]: v }));

  const categoryNames = useMemo(() => (categories.data ?? []).map((c) => c.nome), [categories.data]);
  const matchedCategory = useMemo(
    () => (categories.data ?? []).find((c) => normalizeText(c.nome) === normalizeText(s.nomeCategoria)),
    [categories.data, s.nomeCategoria],
  );

  /** The gate of a step; the add-on and observation steps do not gate (spec 001 §4). */
  function gate(i: number): boolean {
    // Every problem of the step at once, under its field; the toast carries the first (spec order).
    let problems: Array<{ field: string; message: string }> = [];
    if (i === 0) {
      const message = validateCategoryStep({ categoriaId: s.categoriaId, nomeCategoria: s.nomeCategoria });
      if (message) problems = [{ field: 'categoria', message }];
    }
    if (i === 1) problems = productStepProblems({ foto: s.foto, nome: s.nome, valor: s.valor });
    if (i === 4) problems = fiscalProblems(s.fiscal, issuesNfce);
    const next: Record<string, string> = {};
    for (const p of problems) next[p.field] ??= p.message;
    setErrors(next);
    if (problems.length) void toastError(problems[0]!.message);
    return problems.length === 0;
  }

  const cancel = () => {
    postProductBack();
    void navigate({ to: '/produtos/produto' });
  };
  const back = () => (step === 0 ? cancel() : setStep(step - 1));
  const advance = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!gate(step)) return;
    if (step < WIZARD_STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    for (const i of [0, 1]) {
      if (!gate(i)) return setStep(i);
    }
    setBusy(true);
    try {
      const { Id } = await createProduct(toPayload(s, localId));
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
      void navigate({ to: '/produtos/produto/cadastro/finalizacao/$productId', params: { productId: Id } });
    } catch (err) {
      void toastError(serverMessages(err));
    } finally {
      setBusy(false);
    }
  };

  if (!place) return <Alert color="yellow">Escolha um estabelecimento para cadastrar produtos.</Alert>;

  const asForm = (children: ReactNode) => (
    <form onSubmit={(e) => void advance(e)} noValidate>
      {children}
      {/* Enter submits the step's form (Avançar). */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </form>
  );

  const used = usedFree(s.adicionais);
  return (
    <Stack maw={980} mx="auto">
      <Title order={1} size="h2">
        Cadastrar produto
      </Title>
      <Stepper active={step} onStepClick={(i) => i < step && setStep(i)} allowNextStepsSelect={false} size="sm" wrap>
        {WIZARD_STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        {step === 0 &&
          asForm(
            <Stack>
              <Text c="dimmed">Escolha uma categoria existente ou digite o nome de uma nova.</Text>
              <Autocomplete
                label="Categoria"
                placeholder="Ex.: Lanches"
                data={categoryNames}
                value={s.nomeCategoria}
                onChange={(v) => {
                  const match = (categories.data ?? []).find((c) => normalizeText(c.nome) === normalizeText(v));
                  setS((old) => ({ ...old, nomeCategoria: v, categoriaId: match?.id ?? '' }));
                }}
                withAsterisk
                error={errors.categoria}
                data-autofocus
                comboboxProps={{ withinPortal: true }}
              />
              {s.nomeCategoria.trim() && !matchedCategory && (
                <Text size="sm" c="orange" data-testid="new-category-hint">
                  A categoria “{s.nomeCategoria.trim()}” será criada.
                </Text>
              )}
            </Stack>,
          )}

        {step === 1 &&
          asForm(
            <Stack>
              <ImagePicker label="Foto do produto" localId={localId} value={s.foto} onChange={(url) => set('foto', url)} required error={errors.foto} testId="product-photo" />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nome" value={s.nome} onChange={(e) => set('nome', e.currentTarget.value)} withAsterisk error={errors.nome} maxLength={200} />
                <MoneyInput label="Valor" value={s.valor} onChange={(v) => set('valor', v)} withAsterisk error={errors.valor} />
              </SimpleGrid>
              <Textarea label="Descrição" value={s.descricao} onChange={(e) => set('descricao', e.currentTarget.value)} autosize minRows={2} maxLength={1000} />
              <Radio.Group label="Restrição por sexo" value={String(s.restricaoPorSexo)} onChange={(v) => set('restricaoPorSexo', Number(v))}>
                <Group mt={4}>
                  {SEX_RESTRICTION_OPTIONS.map((o) => (
                    <Radio key={o.value} value={String(o.value)} label={o.label} />
                  ))}
                </Group>
              </Radio.Group>
              <Stack gap="xs">
                <Checkbox label="Não exibir no KDS" checked={s.dontShowInKDS} onChange={(e) => set('dontShowInKDS', e.currentTarget.checked)} />
                <Checkbox label="Produto com composição" checked={s.produtoComposicao} onChange={(e) => set('produtoComposicao', e.currentTarget.checked)} />
                <Checkbox label="Consumo apenas para maiores de 18 anos" checked={s.adultHood} onChange={(e) => set('adultHood', e.currentTarget.checked)} />
              </Stack>
              <NumberInput
                label="Quantidade de adicionais gratuitos"
                description={used ? `Os adicionais já usam ${used}; o limite não pode ficar abaixo disso.` : 'Quantos adicionais o cliente pode levar sem pagar.'}
                value={s.quantidadeAdicionaisGratuito}
                onChange={(v) => set('quantidadeAdicionaisGratuito', typeof v === 'number' ? v : 0)}
                onBlur={() => set('quantidadeAdicionaisGratuito', clampProductFreeLimit(s.quantidadeAdicionaisGratuito, s.adicionais))}
                min={0}
                allowDecimal={false}
                maw={320}
              />
            </Stack>,
          )}

        {step === 2 && (
          <Stack>
            <Text c="dimmed">
              Limite de adicionais gratuitos do produto: {s.quantidadeAdicionaisGratuito} (usados: {used}).
            </Text>
            <AdditionalEditor localId={localId} rows={s.adicionais} onChange={(rows) => set('adicionais', rows)} productFreeLimit={s.quantidadeAdicionaisGratuito} />
          </Stack>
        )}

        {step === 3 && <ObservationEditor localId={localId} rows={s.observacoes} onChange={(rows) => set('observacoes', rows)} />}

        {step === 4 &&
          asForm(
            <Stack>
              <Text c="dimmed">
                {issuesNfce ? 'Este estabelecimento emite NFC-e: NCM e CFOP são obrigatórios.' : 'Preencha os dados fiscais se o produto tiver nota fiscal.'}
              </Text>
              <FiscalFields value={s.fiscal} onChange={(v) => set('fiscal', v)} required={issuesNfce} errors={{ ncm: errors.ncm, cfop: errors.cfop, cest: errors.cest }} />
            </Stack>,
          )}
      </Paper>

      <Group justify="space-between">
        <Button variant="default" onClick={back} disabled={busy}>
          {step === 0 ? 'Cancelar' : 'Voltar'}
        </Button>
        <Button onClick={() => void advance()} loading={busy}>
          {step === WIZARD_STEPS.length - 1 ? 'Finalizar' : 'Avançar'}
        </Button>
      </Group>
    </Stack>
  );
}
