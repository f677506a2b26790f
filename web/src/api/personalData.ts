import { useMutation } from '@tanstack/react-query';
import { apiFetchFile, saveFile } from './client';

export const MY_DATA_EXPORT_ERROR = 'No se pudieron descargar tus datos. Inténtalo de nuevo.';

/** Downloads everything the portal holds about the signed-in member (GET /api/me/export) as a JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await apiFetchFile('/api/me/export', { errorMessage: MY_DATA_EXPORT_ERROR });
      saveFile(blob, filename ?? 'mis-datos.json');
    },
  });
}
