import { Box, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_TYPES, validateImage } from '../../../../shared/products';
import { toastError } from '../../../lib/toast';
import { uploadImage } from '../api/upload-image';

/**
 * Picks an image, checks its type and size (5,500,000 bytes, the spec's message), uploads it with a
 * progress bar and shows a preview. The value is the address the server serves the image from.
 */
export function ImagePicker({ label, localId, value, onChange, required, error, testId }: {
  label: string;
  localId: string;
  value: string | null;
  onChange: (url: string | null) => void;
  required?: boolean;
  error?: string | null;
  testId?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (f: File | null) => {
    setFile(f);
    setProblem(null);
    if (!f) return;
    const invalid = validateImage({ size: f.size, type: f.type });
    if (invalid) {
      setProblem(invalid);
      setFile(null);
      void toastError(invalid);
      return;
    }
    setProgress(0);
    try {
      const url = await uploadImage(localId, f, setProgress);
      onChange(url);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setProblem(message);
      void toastError(message);
      setFile(null);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Box w={96} h={96} style={{ flex: 'none', borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
        {value ? (
          <Image src={value} alt={`Pré-visualização: ${label}`} w={96} h={96} fit="cover" data-testid={testId ? `${testId}-preview` : undefined} />
        ) : (
          <Text size="xs" c="dimmed" ta="center" pt={36}>
            Sem imagem
          </Text>
        )}
      </Box>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <FileInput
          label={label}
          placeholder="Escolher imagem"
          accept={IMAGE_TYPES.join(',')}
          value={file}
          onChange={(f) => void pick(f)}
          withAsterisk={required}
          clearable
          error={problem ?? error ?? undefined}
          description="PNG, JPG, WEBP ou GIF de até 5 MB"
          data-testid={testId}
        />
        {progress !== null && <Progress value={progress} size="sm" aria-label="Progresso do envio da imagem" striped animated />}
      </Stack>
    </Group>
  );
}
