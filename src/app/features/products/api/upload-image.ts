/** Product and category images: the file as a data URL in JSON, with upload progress in percent. */
import { CATALOGUE_PATHS, imageUploadResponse } from '../../../../shared/contract/products';
import { uploadImageAsDataUrl } from '../../../lib/api-client';

export const uploadImage = (localClienteId: string, file: File, onProgress: (percent: number) => void): Promise<string> =>
  uploadImageAsDataUrl(CATALOGUE_PATHS.imageUpload, imageUploadResponse, localClienteId, file, onProgress);
