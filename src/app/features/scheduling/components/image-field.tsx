import { Box, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SCHED_MSG, SCHEDULE_IMAGE_MAX_BYTES, SCHEDULE_IMAGE_TYPES } from '../../../../shared/scheduling';
import { toastError } from '../../../lib/toast';
import { uploadScheduleImage } from '../api/upload-image';

/**
 * Picks an image (5 MB), uploads it at once with a progress bar and shows a preview; the value is
 * the address the server serves it from. The server checks the type by the file's bytes.
 */
export function ImageField({ label, localId, value, onChange, testId }: {
  label: string;
  localId: string;
  value: string | null;
  onChange: (url: string | null) => void;
  testId?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (f: File | null) => {
    setFile(f);
    setProblem(null);
    if (!f) {
      onChange(null);
      return;
    }
    const invalid = f.size > SCHEDULE_IMAGE_MAX_BYTES ? SCHED_MSG.imageTooLarge : !(SCHEDULE_IMAGE_TYPES as readonly string[]).includes(f.type) ? SCHED_MSG.imageType : null;
    if (invalid) {
      setProblem(invalid);
      setFile(null);
      void toastError(invalid);
      return;
    }
    setProgress(0);
    try {
      onChange(await uploadScheduleImage(localId, f, setProgress));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setProblem(message);
      setFile(null);
      void toastError(message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Box w={88} h={88} style={{ flex: 'none', borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-default-hover)' }}>
        {value ? (
          <Image src={value} alt={`Pré-visualização: ${label}`} w={88} h={88} fit="cover" />
        ) : (
          <Text size="xs" c="dimmed" ta="center" pt={34}>
            Sem imagem
          </Text>
        )}
      </Box>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <FileInput
          label={label}
          placeholder="Escolher imagem"
          accept={SCHEDULE_IMAGE_TYPES.join(',')}
          value={file}
          onChange={(f) => void pick(f)}
          clearable
          clearButtonProps={{ 'aria-label': 'Remover imagem' }}
          error={problem ?? undefined}
          description="PNG, JPG, WEBP ou GIF de até 5 MB"
          data-testid={testId}
          disabled={progress !== null}
        />
        {progress !== null && (
          <Group gap="xs" wrap="nowrap">
            <Progress value={progress} size="md" style={{ flex: 1 }} aria-label="Progresso do envio da imagem" />
            <Text size="sm" aria-live="polite">
              {progress}%
            </Text>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
