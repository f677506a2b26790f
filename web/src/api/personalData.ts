import { useMutation } from '@tanstack/react-query';
import { apiFetchFile, saveFile } from './client';

export const MY_DATA_EXPORT_ERROR = 'No se pudieron descargar tus datos. Inténtalo de nuevo.';

export type MyDataFormat = 'json' | 'pdf';

const EXPORTS: Record<MyDataFormat, { path: string; filename: string }> = {
  json: { path: '/api/me/export', filename: 'mis-datos.json' },
  pdf: { path: '/api/me/export/pdf', filename: 'mis-datos.pdf' },
};

/** Downloads everything the portal holds about the signed-in member, as JSON (GET /api/me/export) or as a PDF to read. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (format: MyDataFormat) => {
      const { path, filename } = EXPORTS[format];
      const file = await apiFetchFile(path, { errorMessage: MY_DATA_EXPORT_ERROR });
      saveFile(file.blob, file.filename ?? filename);
    },
  });
}
