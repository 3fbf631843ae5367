/** A banner of the event form: pick an image (5 MB), see the upload's progress, then its preview. */
import { Button, FileInput, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../../../lib/toast';
import { uploadBanner } from '../api/upload-banner';

export function BannerField({ label, value, onChange, localId, readOnly }: { label: string; value: string; onChange: (url: string) => void; localId: string; readOnly: boolean }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const pick = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    try {
      onChange(await uploadBanner(localId, file, setProgress));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      void toastError(message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      {readOnly ? (
        <Input.Wrapper label={label}>
          <Text size="sm" c="gray.7">
            {value ? '' : 'Sem banner'}
          </Text>
        </Input.Wrapper>
      ) : (
        <FileInput
          label={label}
          description="PNG, JPEG ou WebP, até 5 MB"
          descriptionProps={{ c: "gray.7" }}
          accept="image/png,image/jpeg,image/webp"
          onChange={(f) => void pick(f)}
          error={error}
          disabled={progress !== null}
          clearable={false}
          value={null}
        />
      )}
      {progress !== null && <Progress value={progress} animated aria-label={`Enviando ${label}: ${progress}%`} />}
      {value && (
        <Group align="flex-start">
          <Image src={value} alt={`Pré-visualização: ${label}`} h={100} w="auto" fit="contain" radius="sm" />
          {!readOnly && (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange('')}>
              Remover
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
