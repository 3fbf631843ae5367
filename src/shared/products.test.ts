import { formatMoneyInput, parseMoney } from './format';
import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_TYPE,
  applyTypeRules,
  PRODUCT_MSG,
  clampProductFreeLimit,
  formatCest,
  formatCfop,
  formatNcm,
  freeQuantityCap,
  freeQuantityEnabled,
  isPlaceholderPhoto,
  isReservedProductName,
  nonNegative,
  PRODUCT_PLACEHOLDER_IMAGE,
  productTabs,
  setAdditionalField,
  setAdditionalType,
  straightenApostrophes,
  validateAdditional,
  validateCategoryStep,
  validateFiscal,
  validateImage,
  validateObservation,
  validateProductEdit,
  validateProductStep,
  type AdditionalDraft,
} from './products';
import { ACCESS_LIMIT_MSG } from './access-limits';
import { canAddSector, STORE_MSG, storeCategorySummary, validateStore } from './stores';

describe('spec messages (verbatim, typos included)', () => {
  it('keeps the spec wording', () => {
    expect(ACCESS_LIMIT_MSG.limitProductRemoved).toBe('Produto removido com succeso!');
    expect(PRODUCT_MSG.additionalMaxRequired).toBe('Escolha a quantidade máximo (maior que zero) de adicionais para continuar');
    expect(PRODUCT_MSG.observationOptionsRequired).toBe('Selecione no mínimo duas opções para continuar');
    expect(PRODUCT_MSG.reservedNegative).toBe('Quantidade disponível para gestão de estoque não pode ser negativo');
    expect(PRODUCT_MSG.imageTooLarge).toBe('insira uma imagem de no máximo 5MB*');
    expect(ACCESS_LIMIT_MSG.limitsEmpty).toBe('Não há usuários com limitações de acesso');
  });
});

describe('wizard: category step', () => {
  it('needs a name: "Selecione uma categoria para continuar"', () => {
    expect(validateCategoryStep({ categoriaId: '', nomeCategoria: '' })).toBe('Selecione uma categoria para continuar');
    expect(validateCategoryStep({ nomeCategoria: '   ' })).toBe(PRODUCT_MSG.categoryRequired);
    expect(validateCategoryStep({ categoriaId: '', nomeCategoria: 'Lanches' })).toBeNull();
  });
});

describe('wizard: product step', () => {
  const ok = { foto: '/api/imagens/x/a.png', nome: 'X-Tudo', valor: 10 };
  it('needs a photo; a placeholder counts as missing: "Escolha uma foto para continuar"', () => {
    expect(validateProductStep({ ...ok, foto: '' })).toBe('Escolha uma foto para continuar');
    expect(validateProductStep({ ...ok, foto: PRODUCT_PLACEHOLDER_IMAGE })).toBe(PRODUCT_MSG.photoRequired);
    expect(isPlaceholderPhoto('https://cdn.example.com/img/placeholder.png')).toBe(true);
    expect(isPlaceholderPhoto('data:image/png;base64,AAAA')).toBe(false);
  });
  it('needs a name: "Escolha o nome para continuar"', () => {
    expect(validateProductStep({ ...ok, nome: ' ' })).toBe('Escolha o nome para continuar');
  });
  it('refuses "valor variavel" ignoring case and accents', () => {
    for (const nome of ['valor variavel', 'Valor Variável', 'VALOR  VARIÁVEL ', 'vAlOr vÁrIaVeL']) {
      expect(validateProductStep({ ...ok, nome })).toBe('Nome inválido. Escolha outro nome para continuar.');
    }
    expect(isReservedProductName('valor variavel grande')).toBe(false);
  });
  it('needs a value not empty nor below zero: "Escolha o valor para continuar"', () => {
    expect(validateProductStep({ ...ok, valor: null })).toBe('Escolha o valor para continuar');
    expect(validateProductStep({ ...ok, valor: -0.01 })).toBe(PRODUCT_MSG.valueRequired);
    expect(validateProductStep({ ...ok, valor: Number.NaN })).toBe(PRODUCT_MSG.valueRequired);
    expect(validateProductStep({ ...ok, valor: 0 })).toBeNull();
  });
  it('checks in the spec order (photo before name before value)', () => {
    expect(validateProductStep({ foto: '', nome: '', valor: null })).toBe(PRODUCT_MSG.photoRequired);
    expect(validateProductStep({ foto: 'x.png', nome: '', valor: null })).toBe(PRODUCT_MSG.nameRequired);
  });
  it('straightens typographic apostrophes', () => {
    expect(straightenApostrophes('D’ajuda ‘pão’ ʼok‛')).toBe("D'ajuda 'pão' 'ok'");
  });
});

describe('wizard: fiscal step', () => {
  it('requires NCM and CFOP only when the place issues NFC-e', () => {
    expect(validateFiscal({ ncm: '', cfop: '5.102' }, true)).toBe('Preencha o NCM para continuar');
    expect(validateFiscal({ ncm: '2106.90.90', cfop: '' }, true)).toBe('Preencha o CFOP para continuar');
    expect(validateFiscal({ ncm: '', cfop: '' }, false)).toBeNull();
    expect(validateFiscal({ ncm: '2106.90.90', cfop: '5.102', cest: '01.001.00' }, true)).toBeNull();
  });
  it('refuses an incomplete value (ours)', () => {
    expect(validateFiscal({ ncm: '2106.9', cfop: '' }, false)).toBe(PRODUCT_MSG.ncmInvalid);
    expect(validateFiscal({ ncm: '', cfop: '5.1' }, false)).toBe(PRODUCT_MSG.cfopInvalid);
    expect(validateFiscal({ cest: '01.0' }, false)).toBe(PRODUCT_MSG.cestInvalid);
  });
  it.each([
    ['NCM', '21069090', '2106.90.90'], ['NCM', '2106909099', '2106.90.90'], ['NCM', '210', '210'],
    ['CFOP', '5102', '5.102'], ['CEST', '0100100', '01.001.00'],
  ] as const)('masks NCM 9999.99.99, CFOP 9.999 and CEST 99.999.99 (%s: %s → %s)', (code, typed, shown) => {
    expect({ NCM: formatNcm, CFOP: formatCfop, CEST: formatCest }[code](typed)).toBe(shown);
  });
});

describe('money', () => {
  it.each([['12,5', 12.5], ['1.234,56', 1234.56], ['R$ 1.234,56', 1234.56], ['1.234', 1234], ['12.50', 12.5], ['0,999', 1], ['', null], ['abc', null], ['-3,5', -3.5]])(
    'reads what Brazilians type: %j → %j',
    (typed, value) => expect(parseMoney(typed)).toBe(value),
  );
  it('shows two decimals', () => {
    expect(formatMoneyInput(12.5)).toBe('12,50');
    expect(formatMoneyInput(1234.56)).toBe('1.234,56');
    expect(formatMoneyInput(null)).toBe('');
  });
});

describe('add-ons', () => {
  const ctx = { productFreeLimit: 2, otherFree: 0 };
  const variable: AdditionalDraft = { produtoNome: 'Molho', tipo: ADDITIONAL_TYPE.variable, minimo: 0, maximo: 2, podeSerGratuito: false };
  it('free allowed needs a free quantity above zero (wizard and editor wordings)', () => {
    const a = { ...variable, podeSerGratuito: true, quantidadeGratuito: 0 };
    expect(validateAdditional(a, ctx)).toBe('Escolha a quantidade (maior que zero) de adicionais gratuitos para continuar');
    expect(validateAdditional(a, { ...ctx, editor: true })).toBe('Digite uma quantidade máxima gratuita maior que 0 (zero) para continuar');
  });
  it('needs a product by id or name: "Escolha o produto para continuar"', () => {
    expect(validateAdditional({ tipo: 1, quantidade: 1 }, ctx)).toBe('Escolha o produto para continuar');
    expect(validateAdditional({ produtoId: 'abc', tipo: 1, quantidade: 1 }, ctx)).toBeNull();
  });
  it('the add-on’s free limit cannot exceed the product’s', () => {
    const a = { ...variable, podeSerGratuito: true, quantidadeGratuito: 3, maximo: 5 };
    expect(validateAdditional(a, ctx)).toBe(
      'O limite da quantidade máxima gratuita do adicional não pode ser maior que o limite da quantidade máxima gratuita do produto.',
    );
    // ...counting what the other add-ons already use.
    expect(validateAdditional({ ...a, quantidadeGratuito: 1 }, { productFreeLimit: 2, otherFree: 2 })).toBe(PRODUCT_MSG.additionalFreeOverProduct);
  });
  it('needs a type: "Escolha o tipo de adicional para continuar"', () => {
    expect(validateAdditional({ produtoNome: 'X', tipo: null }, ctx)).toBe('Escolha o tipo de adicional para continuar');
    expect(validateAdditional({ produtoNome: 'X', tipo: 7 }, ctx)).toBe(PRODUCT_MSG.additionalTypeRequired);
  });
  it('fixed and composition need a quantity above zero', () => {
    expect(validateAdditional({ produtoNome: 'X', tipo: ADDITIONAL_TYPE.fixed, quantidade: 0 }, ctx)).toBe('Escolha a quantidade (maior que zero) para continuar');
    expect(validateAdditional({ produtoNome: 'X', tipo: ADDITIONAL_TYPE.composition, quantidade: null }, ctx)).toBe(PRODUCT_MSG.additionalQuantityRequired);
    expect(validateAdditional({ produtoNome: 'X', tipo: ADDITIONAL_TYPE.composition, quantidade: 2 }, ctx)).toBeNull();
  });
  it('variable needs a minimum and a maximum above zero', () => {
    expect(validateAdditional({ ...variable, minimo: null }, ctx)).toBe('Escolha a quantidade mínima de adicionais para continuar');
    expect(validateAdditional({ ...variable, maximo: 0 }, ctx)).toBe('Escolha a quantidade máximo (maior que zero) de adicionais para continuar');
    expect(validateAdditional({ ...variable, minimo: 3, maximo: 2 }, ctx)).toBe(PRODUCT_MSG.minAboveMax);
    expect(validateAdditional(variable, ctx)).toBeNull();
  });
  it('a negative quantity resets to 0 with "Quantidade não pode ser negativa"', () => {
    expect(nonNegative(-2)).toEqual({ value: 0, message: 'Quantidade não pode ser negativa' });
    expect(nonNegative(3)).toEqual({ value: 3, message: null });
    const r = setAdditionalField(variable, 'quantidade', -1, ctx);
    expect(r).toEqual({ draft: { ...variable, quantidade: 0 }, message: PRODUCT_MSG.negativeQuantity });
  });
  it('minimum not above maximum, maximum not below minimum, free capped by the maximum and the product limit', () => {
    expect(setAdditionalField({ ...variable, maximo: 2 }, 'minimo', 5, ctx).draft.minimo).toBe(2);
    expect(setAdditionalField({ ...variable, minimo: 2 }, 'maximo', 1, ctx).draft.maximo).toBe(2);
    const free = { ...variable, podeSerGratuito: true, maximo: 1 };
    expect(setAdditionalField(free, 'quantidadeGratuito', 2, { productFreeLimit: 5, otherFree: 0 }).draft.quantidadeGratuito).toBe(1);
    expect(setAdditionalField({ ...free, maximo: 5 }, 'quantidadeGratuito', 4, { productFreeLimit: 5, otherFree: 3 }).draft.quantidadeGratuito).toBe(2);
    expect(freeQuantityCap({ ...free, maximo: 5 }, 4, 1)).toBe(3);
  });
  it('the free quantity is editable only for a variable add-on that may be free', () => {
    expect(freeQuantityEnabled({ ...variable, podeSerGratuito: true })).toBe(true);
    expect(freeQuantityEnabled({ ...variable, podeSerGratuito: false })).toBe(false);
    expect(freeQuantityEnabled({ ...variable, tipo: ADDITIONAL_TYPE.fixed, podeSerGratuito: true })).toBe(false);
  });
  it('switching to fixed forces the free count to zero', () => {
    const a = setAdditionalType({ ...variable, podeSerGratuito: true, quantidadeGratuito: 2 }, ADDITIONAL_TYPE.fixed);
    expect(a).toMatchObject({ tipo: 1, podeSerGratuito: false, quantidadeGratuito: 0 });
    expect(setAdditionalType(a, ADDITIONAL_TYPE.variable).tipo).toBe(2);
  });
  it('the product’s free limit cannot go below what the add-ons use', () => {
    const adds = [{ podeSerGratuito: true, quantidadeGratuito: 2 }, { podeSerGratuito: false, quantidadeGratuito: 5 }, { podeSerGratuito: true, quantidadeGratuito: 1 }];
    expect(clampProductFreeLimit(1, adds)).toBe(3);
    expect(clampProductFreeLimit(5, adds)).toBe(5);
    expect(clampProductFreeLimit(-1, [])).toBe(0);
  });
});

describe('observations', () => {
  it('need a description, a type and at least one option (the message says two)', () => {
    expect(validateObservation({ descricao: '', tipo: 1, opcoes: [{ descricao: 'A' }] })).toBe('Selecione a descrição para continuar');
    expect(validateObservation({ descricao: 'Ponto', tipo: null, opcoes: [{ descricao: 'A' }] })).toBe(PRODUCT_MSG.observationTypeRequired);
    expect(validateObservation({ descricao: 'Ponto', tipo: 2, opcoes: [] })).toBe('Selecione no mínimo duas opções para continuar');
    expect(validateObservation({ descricao: 'Ponto', tipo: 1, opcoes: [{ descricao: 'A' }] })).toBeNull();
  });
});

describe('edit form', () => {
  const ok = { tipo: 1, nome: 'Pudim', valor: 14, ncm: '2106.90.90', cfop: '5.102', quantidadeReservado: 0 };
  it('requires NCM and CFOP with NFC-e unless type 11', () => {
    expect(validateProductEdit({ ...ok, ncm: '' }, { issuesNfce: true })).toEqual(['Preencha o NCM para continuar']);
    expect(validateProductEdit({ ...ok, cfop: '' }, { issuesNfce: true })).toEqual(['Preencha o CFOP para continuar']);
    expect(validateProductEdit({ ...ok, tipo: 11, ncm: '', cfop: '' }, { issuesNfce: true })).toEqual([]);
    expect(validateProductEdit({ ...ok, ncm: '' }, { issuesNfce: false })).toEqual([]);
  });
  it('requires name and value except for type 11, and no negative reserved stock', () => {
    expect(validateProductEdit({ ...ok, nome: '', valor: null, quantidadeReservado: -1 }, { issuesNfce: false })).toEqual([
      'Escolha o nome para continuar',
      'Escolha o valor para continuar',
      'Quantidade disponível para gestão de estoque não pode ser negativo',
    ]);
    expect(validateProductEdit({ ...ok, tipo: 11, nome: '', valor: null }, { issuesNfce: false })).toEqual([]);
  });
  it('refuses an unknown product type (ours)', () => {
    expect(validateProductEdit({ ...ok, tipo: 17 }, { issuesNfce: false })).toEqual([PRODUCT_MSG.productTypeInvalid]);
  });
  it('lets a variable-value product keep its reserved name', () => {
    expect(validateProductEdit({ ...ok, tipo: 3, nome: 'Valor variável' }, { issuesNfce: false })).toEqual([]);
  });
  it('shows the tabs by type and place', () => {
    expect(productTabs(11, 4)).toEqual(['produto']);
    expect(productTabs(1, 9)).toEqual(['produto', 'acrescimos', 'observacoes', 'fiscal', 'estabelecimento']);
    expect(productTabs(1, 4)).toContain('nutricional');
  });
  it('tickets are always exempt from service tax; tare only for kilo', () => {
    expect(applyTypeRules({ tipo: 15, isencaoTaxaServico: false, tara: 10, eventoId: 'e' })).toEqual({ tipo: 15, isencaoTaxaServico: true, tara: 0, eventoId: 'e' });
    expect(applyTypeRules({ tipo: 12, isencaoTaxaServico: false, tara: -5, eventoId: 'e' })).toEqual({ tipo: 12, isencaoTaxaServico: false, tara: 0, eventoId: null });
    expect(applyTypeRules({ tipo: 12, tara: 120 }).tara).toBe(120);
  });
});

describe('images and stores', () => {
  it('refuses images over 5,500,000 bytes with "insira uma imagem de no máximo 5MB*"', () => {
    expect(validateImage({ size: 5_500_000, type: 'image/png' })).toBeNull();
    expect(validateImage({ size: 5_500_001, type: 'image/jpeg' })).toBe('insira uma imagem de no máximo 5MB*');
    expect(validateImage({ size: 10, type: 'application/pdf' })).toBe(PRODUCT_MSG.imageType);
  });
  it('adds a sector only with a non-blank name', () => {
    expect(canAddSector('  ')).toBe(false);
    expect(canAddSector('')).toBe(false);
    expect(canAddSector('Chapa')).toBe(true);
  });
  it('needs a store name and valid hours (ours)', () => {
    expect(validateStore({ name: '' })).toBe(STORE_MSG.storeNameRequired);
    expect(validateStore({ name: 'Bar', availableDay: [{ DayOfWeek: 1, StartHour: '18:00', EndHour: '17:00' }] })).toBe(STORE_MSG.storeHoursInvalid);
    expect(validateStore({ name: 'Bar', availableDay: [{ DayOfWeek: 1, StartHour: '25:00', EndHour: '26:00' }] })).toBe(STORE_MSG.storeHoursInvalid);
    expect(validateStore({ name: 'Bar', availableDay: [{ DayOfWeek: 1, StartHour: '08:00', EndHour: '17:00' }] })).toBeNull();
  });
  it('summarises categories with a count when more than 3', () => {
    expect(storeCategorySummary(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(storeCategorySummary(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('all problems at once (issue 11: the wizard showed one at a time)', () => {
  it('productStepProblems lists photo, name and value together; validateProductStep keeps the first', async () => {
    const { productStepProblems, fiscalProblems } = await import('./products');
    expect(productStepProblems({ foto: null, nome: ' ', valor: null })).toEqual([
      { field: 'foto', message: PRODUCT_MSG.photoRequired },
      { field: 'nome', message: PRODUCT_MSG.nameRequired },
      { field: 'valor', message: PRODUCT_MSG.valueRequired },
    ]);
    expect(validateProductStep({ foto: null, nome: ' ', valor: null })).toBe(PRODUCT_MSG.photoRequired);
    expect(fiscalProblems({ ncm: '', cfop: '', cest: '12' }, true)).toEqual([
      { field: 'ncm', message: PRODUCT_MSG.ncmRequired },
      { field: 'cfop', message: PRODUCT_MSG.cfopRequired },
      { field: 'cest', message: PRODUCT_MSG.cestInvalid },
    ]);
  });
});
