/**
 * Banner upload with progress. fetch reports no upload progress, so this one call uses
 * XMLHttpRequest with what the API client would send (bearer token, JSON, base URL, ApiError).
 */
import { bannerUploadResponse, DONATION_API } from '../../../../shared/contract/donations';
import { BANNER_MAX_BYTES, DONATION_MSG } from '../../../../shared/donations';
import { MSG } from '../../../../shared/messages';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export async function uploadBanner(localClienteId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  // Checked here too so a large file is refused before it is sent; the server checks the bytes.
  if (file.size > BANNER_MAX_BYTES) throw new ApiError(400, DONATION_MSG.bannerTooLarge);
  const imagem = await readAsDataUrl(file);
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getSession()?.token;
    xhr.open('POST', apiUrl(DONATION_API.banner));
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = bannerUploadResponse.safeParse(data);
        return parsed.success ? resolve(parsed.data.url) : reject(new ApiError(xhr.status, MSG.genericError, data));
      }
      if (xhr.status === 401 && token) clearSession();
      const message = data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string' ? (data as { Message: string }).Message : MSG.genericError;
      reject(new ApiError(xhr.status, message, data));
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.ontimeout = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.send(JSON.stringify({ localClienteId, imagem }));
  });
}
