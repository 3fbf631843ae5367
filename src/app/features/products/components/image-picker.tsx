import { Progress } from '@mantine/core';
import { ImageUploadField } from '../../../components/image-upload-field';
import { IMAGE_TYPES, validateImage } from '../../../../shared/products';
import { useImageUpload } from '../../../lib/use-image-upload';
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
  const upload = useImageUpload({
    upload: (f, onProgress) => uploadImage(localId, f, onProgress),
    onUploaded: onChange,
    check: (f) => validateImage({ size: f.size, type: f.type }),
  });

  return (
    <ImageUploadField
      label={label}
      value={value}
      accept={IMAGE_TYPES}
      upload={upload}
      error={error}
      preview={{ size: 96, emptyTop: 36, background: 'var(--mantine-color-gray-1)', testId: testId ? `${testId}-preview` : undefined }}
      progressBar={(progress) => <Progress value={progress} size="sm" aria-label="Progresso do envio da imagem" striped animated />}
      inputProps={{ withAsterisk: required, 'data-testid': testId }}
    />
  );
}
