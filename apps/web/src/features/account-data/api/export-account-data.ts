import { accountExportFileName } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { HttpError, NETWORK_ERROR_TEXT, requestHeaders } from '../../../lib/http';
import { toast } from '../../../lib/toast';

const EXPORT_URL = '/api/account/export';

/** Saving a file the page made: behind an object so that tests can replace it (jsdom has no downloads). */
export const fileSaver = {
  save(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

/** The file name the server gave (`attachment; filename="…"`), or today's name. */
function fileNameOf(disposition: string | null): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? accountExportFileName(new Date().toISOString().slice(0, 10));
}

/**
 * GET /api/account/export: the learner's data as a JSON file. Fetched with the `token` header (a
 * plain link could not send it) and handed to the browser as a download.
 */
export async function exportAccountData(): Promise<{ fileName: string }> {
  let response: Response;
  try {
    response = await fetch(EXPORT_URL, { method: 'GET', headers: requestHeaders() });
  } catch (error) {
    throw new HttpError({ kind: 'network', msg: NETWORK_ERROR_TEXT, cause: error });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const envelope = (body ?? {}) as { code?: unknown; msg?: unknown };
    throw new HttpError({
      kind: 'code',
      code: typeof envelope.code === 'number' ? envelope.code : undefined,
      msg: typeof envelope.msg === 'string' ? envelope.msg : '导出失败，请稍后再试',
      status: response.status,
      body,
    });
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  fileSaver.save(await response.blob(), fileName);
  return { fileName };
}

export function useExportAccountData() {
  return useMutation({
    mutationFn: exportAccountData,
    onSuccess: ({ fileName }) => toast.success(`已开始下载 ${fileName}`),
    onError: (error) =>
      toast.error(error instanceof HttpError ? error.msg : '导出失败，请稍后再试'),
  });
}
