import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { env } from '@/lib/env';
import { pb } from '@/lib/pocketbase';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import type { DeletionRequestRecord, UserRecord } from '@/lib/types';

/** The signed-in customer's account as the server stores it, and their deletion request. */
export const accountQueries = {
  all: () => ['conta'] as const,
  detail: (userId: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detalhe', { userId }] as const,
      queryFn: () => pb.collection('usuarios').getOne<UserRecord>(userId),
      enabled: userId !== '',
    }),
  deletionRequests: (userId: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'exclusao', { userId }] as const,
      // Filtered by owner too: a staff member's list rule sees everyone's requests.
      queryFn: () =>
        pb.collection('solicitacoes_exclusao').getFullList<DeletionRequestRecord>({
          filter: pb.filter('usuario = {:id}', { id: userId }),
          sort: '-created',
        }),
      enabled: userId !== '',
    }),
};

/** The server accepts only the phone (and the password) from the customer; the SDK updates the session too. */
export function updatePhone(userId: string, celular: string): Promise<UserRecord> {
  return pb.collection('usuarios').update<UserRecord>(userId, { celular });
}

/** Everything the server holds about the customer (LGPD art. 18): account, payments, bookings, history. */
export function exportMyData(): Promise<unknown> {
  return pb.send('/api/conta/exportar', {});
}

/** Records the request; the server decides its status (kept while a booking is in progress). */
export function requestDeletion(userId: string, motivo: string): Promise<DeletionRequestRecord> {
  return pb.collection('solicitacoes_exclusao').create<DeletionRequestRecord>({ usuario: userId, motivo });
}

export const EXPORT_FILE_NAME = 'meus-dados.json';

type Action = 'load' | 'phone' | 'export' | 'deletion';

const failed: Record<Action, string> = {
  load: 'Não foi possível carregar os dados da sua conta.',
  phone: 'Não foi possível salvar o celular.',
  export: 'Não foi possível baixar os seus dados.',
  deletion: 'Não foi possível registrar o seu pedido de exclusão.',
};

/** A field's error as the server named it (PocketBase's `data.<field>.code`), if any. */
export function fieldErrorCode(error: unknown, field: string): string | undefined {
  if (!(error instanceof ClientResponseError)) return undefined;
  const data = error.response?.data as Record<string, { code?: unknown }> | undefined;
  const code = data?.[field]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One pt-BR sentence for every way a call of this page can fail. */
export function accountErrorMessage(error: unknown, action: Action): string {
  const what = failed[action];
  if (!(error instanceof ClientResponseError)) return `${what} Verifique sua conexão e tente novamente.`;
  if (error.status === 0) return `${what} Sem resposta do servidor: verifique sua conexão e tente novamente.`;
  if (error.status === 401) return 'Sua sessão terminou. Entre de novo para continuar.';
  if (error.status === 403 || error.status === 404)
    return `${what} Esta conta não está disponível para você. Entre de novo ou fale com o atendimento: ${env.supportEmail}.`;
  if (error.status === 429) return `${what} ${FIELD_MESSAGES.muitasTentativas}`;
  if (error.status >= 500)
    return `${what} O servidor está com problemas no momento: tente de novo em alguns minutos.`;
  return `${what} Confira os dados e tente de novo. Se continuar, fale com o atendimento: ${env.supportEmail}.`;
}
