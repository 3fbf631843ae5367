import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FOOD_CONFIG_MSG } from '../../../../shared/food-config';

/** Images up to 5 MB (spec 000 §5: checked at 5,500,000 bytes). */
const MAX_BYTES = 5_500_000;

/** The storefront logo (meepFoodLogo), kept as an image data URL. */
export function LogoField({ value, onChange, disabled }: { value: string | null; onChange: (v: string | null) => void; disabled?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(FOOD_CONFIG_MSG.imageTooLarge);
      return;
    }
    setError(null);
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="logo-label">
        Logo da loja
      </Text>
      <Group align="center">
        {value ? (
          <Image src={value} alt="Logo atual da loja" w={72} h={72} fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            Nenhuma imagem.
          </Text>
        )}
        <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" disabled={disabled}>
          {(props) => (
            <Button variant="light" {...props} aria-describedby="logo-label">
              {value ? 'Trocar imagem' : 'Enviar imagem'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)} disabled={disabled}>
            Remover imagem
          </Button>
        )}
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
