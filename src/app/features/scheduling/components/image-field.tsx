import { Group, Progress, Text } from '@mantine/core';
import { ImageUploadField } from '../../../components/image-upload-field';
import { SCHED_MSG, SCHEDULE_IMAGE_MAX_BYTES, SCHEDULE_IMAGE_TYPES } from '../../../../shared/scheduling';
import { useImageUpload } from '../../../lib/use-image-upload';
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
  const upload = useImageUpload({
    upload: (f, onProgress) => uploadScheduleImage(localId, f, onProgress),
    onUploaded: onChange,
    check: (f) => (f.size > SCHEDULE_IMAGE_MAX_BYTES ? SCHED_MSG.imageTooLarge : !(SCHEDULE_IMAGE_TYPES as readonly string[]).includes(f.type) ? SCHED_MSG.imageType : null),
    onCleared: () => onChange(null),
  });

  return (
    <ImageUploadField
      label={label}
      value={value}
      accept={SCHEDULE_IMAGE_TYPES}
      upload={upload}
      preview={{ size: 88, emptyTop: 34, background: 'var(--mantine-color-default-hover)' }}
      progressBar={(progress) => (
        <Group gap="xs" wrap="nowrap">
          <Progress value={progress} size="md" style={{ flex: 1 }} aria-label="Progresso do envio da imagem" />
          <Text size="sm" aria-live="polite">
            {progress}%
          </Text>
        </Group>
      )}
      inputProps={{ clearButtonProps: { 'aria-label': 'Remover imagem' }, 'data-testid': testId, disabled: upload.progress !== null }}
    />
  );
}
