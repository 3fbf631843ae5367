/** Product and category images: the file as a data URL in JSON, with upload progress in percent. */
import { CATALOGUE_PATHS, imageUploadResponse } from '../../../../shared/contract/products';
import { apiUpload, readAsDataUrl } from '../../../lib/api-client';

export async function uploadImage(localClienteId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  const imagem = await readAsDataUrl(file);
  const answer = await apiUpload(CATALOGUE_PATHS.imageUpload, JSON.stringify({ localClienteId, imagem }), {
    schema: imageUploadResponse,
    contentType: 'application/json',
    onProgress: (f) => onProgress(Math.round(f * 100)),
  });
  return answer.url;
}
