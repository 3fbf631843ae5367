import { Box, FileInput, Group, Image, Stack, Text, type FileInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useImageUpload } from '../lib/use-image-upload';

/**
 * An image field that uploads at once (useImageUpload): a square preview of the image (or "Sem
 * imagem") beside the file input, the upload's progress (`progressBar`) under it. `preview` sizes
 * the square and places the "Sem imagem" text; `inputProps` adds to the FileInput.
 */
export function ImageUploadField({ label, value, accept, upload, error, preview, progressBar, inputProps }: {
  label: string;
  value: string | null;
  accept: readonly string[];
  upload: ReturnType<typeof useImageUpload>;
  error?: string | null;
  preview: { size: number; emptyTop: number; background: string; testId?: string };
  progressBar: (progress: number) => ReactNode;
  inputProps?: Partial<FileInputProps> & { 'data-testid'?: string };
}) {
  const { file, progress, problem, pick } = upload;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Box w={preview.size} h={preview.size} style={{ flex: 'none', borderRadius: 8, overflow: 'hidden', background: preview.background }}>
        {value ? (
          <Image src={value} alt={`Pré-visualização: ${label}`} w={preview.size} h={preview.size} fit="cover" data-testid={preview.testId} />
        ) : (
          <Text size="xs" c="dimmed" ta="center" pt={preview.emptyTop}>
            Sem imagem
          </Text>
        )}
      </Box>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <FileInput
          label={label}
          placeholder="Escolher imagem"
          accept={accept.join(',')}
          value={file}
          onChange={(f) => void pick(f)}
          clearable
          error={problem ?? error ?? undefined}
          description="PNG, JPG, WEBP ou GIF de até 5 MB"
          {...inputProps}
        />
        {progress !== null && progressBar(progress)}
      </Stack>
    </Group>
  );
}
