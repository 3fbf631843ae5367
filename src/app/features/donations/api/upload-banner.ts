/** Event banners: the file as a data URL in JSON, with upload progress in percent. */
import { bannerUploadResponse, DONATION_API } from '../../../../shared/contract/donations';
import { BANNER_MAX_BYTES, DONATION_MSG } from '../../../../shared/donations';
import { ApiError, uploadImageAsDataUrl } from '../../../lib/api-client';

export async function uploadBanner(localClienteId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  // Checked here too so a large file is refused before it is sent; the server checks the bytes.
  if (file.size > BANNER_MAX_BYTES) throw new ApiError(400, DONATION_MSG.bannerTooLarge);
  return uploadImageAsDataUrl(DONATION_API.banner, bannerUploadResponse, localClienteId, file, onProgress);
}
