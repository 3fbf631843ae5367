import { InputBase, SimpleGrid } from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { FISCAL_MASKS } from '../../../../shared/products';

export interface FiscalValue {
  ncm: string;
  cfop: string;
  cest: string;
}

/** NCM 9999.99.99, CFOP 9.999 and CEST 99.999.99 with masks; NCM and CFOP required with NFC-e. */
export function FiscalFields({ value, onChange, required, errors = {} }: {
  value: FiscalValue;
  onChange: (v: FiscalValue) => void;
  required: boolean;
  errors?: Partial<Record<keyof FiscalValue, string | null>>;
}) {
  const field = (key: keyof FiscalValue, label: string, mask: string) => (
    <InputBase
      key={key}
      label={label}
      component={IMaskInput}
      mask={mask}
      value={value[key]}
      onAccept={(v: string) => v !== value[key] && onChange({ ...value, [key]: v })}
      placeholder={mask.replace(/0/g, '9')}
      inputMode="numeric"
      withAsterisk={required && key !== 'cest'}
      error={errors[key] ?? undefined}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {field('ncm', 'NCM', FISCAL_MASKS.ncm)}
      {field('cfop', 'CFOP', FISCAL_MASKS.cfop)}
      {field('cest', 'CEST', FISCAL_MASKS.cest)}
    </SimpleGrid>
  );
}
