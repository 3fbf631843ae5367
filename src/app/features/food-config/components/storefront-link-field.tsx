import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  FOOD_LIMITS,
  storefrontLinkProblem,
  storefrontUrl,
  suggestStorefrontLink,
  FOOD_CONFIG_MSG,
} from '../../../../shared/food-config';
import { foodConfigQueries } from '../api/food-config-api';

/**
 * The storefront link (urlMeepFood): no spaces, accents or special characters, with a live
 * preview of {host}/{urlMeepFood} ({host} is the storefront's address, STOREFRONT_URL, never the
 * back office's own) and a check that no other venue uses it.
 */
export function StorefrontLinkField({
  localId,
  value,
  savedValue,
  onChange,
  error,
}: {
  localId: string;
  value: string;
  savedValue: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const problem = value ? storefrontLinkProblem(value) : null;
  const [debounced] = useDebouncedValue(value.trim(), 400);
  const shouldCheck = !!debounced && !storefrontLinkProblem(debounced) && debounced.toLowerCase() !== savedValue.toLowerCase();
  const check = useQuery({ ...foodConfigQueries.linkAvailability(localId, debounced), enabled: shouldCheck });
  const suggestion = problem === FOOD_CONFIG_MSG.linkInvalid ? suggestStorefrontLink(value) : '';
  const host = useQuery(foodConfigQueries.storefrontHost());
  const storefrontHost = host.data?.host ?? null;
  const preview = storefrontHost ? storefrontUrl(storefrontHost, value.trim() || '…') : null;

  let status: { text: string; color: string } | null = null;
  if (!problem && value.trim() && value.trim() === debounced && shouldCheck) {
    if (check.isFetching) status = { text: 'Verificando disponibilidade…', color: 'dimmed' };
    else if (check.data) status = { text: check.data.Message, color: check.data.available ? 'green' : 'red' };
  }
  return (
    <Stack gap={4}>
      <TextInput
        label="Link da loja"
        description="Sem espaços, acentos ou caracteres especiais."
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ?? problem ?? (status?.color === 'red' ? status.text : undefined)}
        maxLength={FOOD_LIMITS.linkMax}
        withAsterisk
        autoComplete="off"
        spellCheck={false}
      />
      <Text size="sm" data-testid="storefront-preview">
        {preview ? (
          <>
            Endereço da loja:{' '}
            {value.trim() && value.trim() === savedValue.trim() ? (
              <Anchor href={preview} target="_blank" rel="noopener noreferrer" fw={700}>
                {preview}
              </Anchor>
            ) : (
              <strong>{preview}</strong>
            )}
          </>
        ) : host.isPending ? (
          'Endereço da loja: …'
        ) : (
          <>
            Endereço da loja: <strong>…/{value.trim() || '…'}</strong> (o endereço da loja virtual não está configurado neste servidor: STOREFRONT_URL)
          </>
        )}
      </Text>
      {status && status.color !== 'red' && (
        <Text size="sm" c={status.color} data-testid="storefront-availability" aria-live="polite">
          {status.text}
        </Text>
      )}
      {suggestion && (
        <Group gap={6}>
          <Text size="sm">Sugestão: {suggestion}</Text>
          <Anchor component="button" type="button" size="sm" onClick={() => onChange(suggestion)}>
            Usar sugestão
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
