import type { QueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { caseFileQueries } from '@/lib/api/case-file';
import type { DocumentoRecord, RequerenteData, RequerenteRecord } from '@/lib/processo';

export const refreshCaseFile = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: caseFileQueries.all() });

export function addApplicant(bookingId: string): Promise<RequerenteRecord> {
  return pb.collection('requerentes').create<RequerenteRecord>({ agendamento: bookingId });
}

/** Saves an applicant's draft: the fields given (any may be left out). */
export function saveApplicant(id: string, data: Partial<RequerenteData>): Promise<RequerenteRecord> {
  return pb.collection('requerentes').update<RequerenteRecord>(id, data);
}

export function removeApplicant(id: string): Promise<boolean> {
  return pb.collection('requerentes').delete(id);
}

/** 'Enviar para análise': the server checks the whole case and answers how many documents went. */
export function sendForReview(bookingId: string): Promise<{ enviados: number }> {
  return pb.send(`/api/processo/${encodeURIComponent(bookingId)}/enviar`, { method: 'POST' });
}

interface Upload {
  bookingId: string;
  applicantId: string;
  item: string;
  /** The item's record when it exists: its files are replaced. */
  existing: DocumentoRecord | undefined;
  files: readonly File[];
  /** 0..1 of the bytes sent. */
  onProgress: (fraction: number) => void;
}

/**
 * Sends an item's files (creating its record, or replacing its files) through XMLHttpRequest, whose upload
 * events give the progress bar (fetch has none). The headers are the SDK's own (pb.beforeSend).
 */
export async function uploadDocument({
  bookingId,
  applicantId,
  item,
  existing,
  files,
  onProgress,
}: Upload): Promise<DocumentoRecord> {
  const form = new FormData();
  if (!existing) {
    form.append('agendamento', bookingId);
    form.append('requerente', applicantId);
    form.append('item', item);
  }
  for (const file of files) form.append('arquivos', file, file.name);
  const path = existing
    ? `/api/collections/documentos/records/${encodeURIComponent(existing.id)}`
    : '/api/collections/documentos/records';
  const prepared = await pb.beforeSend?.(pb.buildURL(path), {
    headers: { Authorization: pb.authStore.token },
  });
  const url = prepared?.url ?? pb.buildURL(path);
  const headers = (prepared?.options?.headers ?? {}) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(existing ? 'PATCH' : 'POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as DocumentoRecord);
      } else {
        reject(new ClientResponseError({ url, status: xhr.status, response: body }));
      }
    };
    xhr.onerror = () => reject(new ClientResponseError({ url, status: 0, response: {} }));
    xhr.send(form);
  });
}

const FILE_ERRORS: Record<string, string> = {
  validation_file_size_limit: 'O arquivo passa de 10 MB. Envie um arquivo menor.',
  validation_invalid_mime_type: 'O arquivo não é PDF, JPEG ou PNG.',
  validation_max_files: '',
};

/** The server's answer as a pt-BR sentence: its own message when it wrote one for the customer. */
export function caseFileErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ClientResponseError)) return fallback;
  if (error.status === 0) return 'Sem conexão com o servidor. Verifique sua internet e tente de novo.';
  const data = (error.response.data ?? {}) as Record<string, { code?: unknown; message?: unknown }>;
  const arquivos = data.arquivos;
  if (arquivos && typeof arquivos.code === 'string') {
    const known = FILE_ERRORS[arquivos.code];
    if (known) return known;
    if (typeof arquivos.message === 'string' && /[ãçéíóú]/i.test(arquivos.message)) return arquivos.message;
  }
  if (error.status === 429) return 'Muitas tentativas seguidas. Aguarde um minuto e tente de novo.';
  const message = typeof error.response.message === 'string' ? error.response.message : '';
  // The server's own pt-BR messages (pb_hooks); PocketBase's English ones are not for a customer.
  return /[ãçéíóúâêô]|Envie|Complete|Cadastre/i.test(message) ? message : fallback;
}

/** What the server says is still missing, when 'Enviar para análise' is refused. */
export function pendenciasOf(error: unknown): string[] {
  if (!(error instanceof ClientResponseError)) return [];
  const list = (error.response.data as { pendencias?: unknown } | undefined)?.pendencias;
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}
