/** A banner of the event form: pick an image (5 MB), see the upload's progress, then its preview. */
import { Button, FileInput, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { useImageUpload } from '../../../lib/use-image-upload';
import { uploadBanner } from '../api/upload-banner';

export function BannerField({ label, value, onChange, localId, readOnly }: { label: string; value: string; onChange: (url: string) => void; localId: string; readOnly: boolean }) {
  const { progress, problem, pick } = useImageUpload({ upload: (f, onProgress) => uploadBanner(localId, f, onProgress), onUploaded: onChange });
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
          error={problem ?? undefined}
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
