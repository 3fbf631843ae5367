/**
 * Image upload with progress. fetch reports no upload progress, so this one call uses
 * XMLHttpRequest; it sends what the API client would (bearer token, JSON, the same base URL) and
 * throws the same ApiError with the server's Message.
 */
import { CATALOGUE_PATHS, imageUploadResponse } from '../../../../shared/contract/products';
import { MSG } from '../../../../shared/messages';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function uploadImage(localClienteId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  return readAsDataUrl(file).then(
    (imagem) =>
      new Promise<string>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        const token = getSession()?.token;
        xhr.open('POST', apiUrl(CATALOGUE_PATHS.imageUpload));
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
            const parsed = imageUploadResponse.safeParse(data);
            if (parsed.success) return resolve(parsed.data.url);
            return reject(new ApiError(xhr.status, MSG.genericError, data));
          }
          if (xhr.status === 401 && token) clearSession();
          const message = data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string' ? (data as { Message: string }).Message : MSG.genericError;
          reject(new ApiError(xhr.status, message, data));
        };
        xhr.onerror = () => reject(new ApiError(0, MSG.serverUnavailable));
        xhr.ontimeout = () => reject(new ApiError(0, MSG.serverUnavailable));
        xhr.send(JSON.stringify({ localClienteId, imagem }));
      }),
  );
}
