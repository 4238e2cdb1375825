/**
 * The case file as staff read and review it: a booking's applicants (`requerentes`) and their documents
 * (`documentos`), the file token their protected files are fetched with, and the review PATCH the server turns
 * into the booking's next step (pb_hooks/lib/processo.js). The rules (checklist, consulates, refusal reasons)
 * are the server's own data file.
 */
import { queryOptions } from '@tanstack/react-query';
import regras from '../../../../pocketbase/pb_hooks/lib/processo_regras.json';
import { pb } from '@/lib/pocketbase';

export const REGRAS = regras;

export type ConsulateId = keyof typeof regras.consulados;
export type RefusalReason = keyof typeof regras.motivosRecusa;
export type ChecklistItem = (typeof regras.itens)[number];

export const REFUSAL_REASONS = Object.keys(regras.motivosRecusa) as RefusalReason[];

export interface ApplicantRecord {
  id: string;
  agendamento: string;
  created: string;
  nome: string;
  sobrenome: string;
  sexo: '' | 'F' | 'M';
  /** yyyy-mm-dd or '' */
  data_nascimento: string;
  local_nascimento: string;
  cpf: string;
  estado_civil: string;
  altura_cm: number;
  cor_olhos: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  cidade: string;
  uf: string;
  aire_comune: string;
  aire_nao_sei: boolean;
  passaporte_numero: string;
  passaporte_validade: string;
  mae_nome: string;
  pai_nome: string;
}

export type DocumentStatus = 'pendente' | 'em_analise' | 'aprovado' | 'recusado';

export interface DocumentRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  agendamento: string;
  requerente: string;
  item: string;
  arquivos: string[];
  status: DocumentStatus | '';
  motivo: RefusalReason | '';
  motivo_texto: string;
  revisado_por: string;
  revisado_em: string;
  reenviado: boolean;
  created: string;
  updated: string;
  expand?: { revisado_por?: { id: string; nome_completo: string } };
}

/** The staff documentation state of a booking (agendamentos.documentacao), as the list shows it. */
export const CASE_STATES = ['pendente', 'em_analise', 'recusada', 'aprovada'] as const;
export type CaseState = (typeof CASE_STATES)[number];

export const CASE_STATE_LABELS: Record<CaseState, string> = {
  pendente: 'Pendente',
  em_analise: 'Em análise',
  recusada: 'Recusada',
  aprovada: 'Aprovada',
};

/** What a booking whose applicants are served by different consulates holds (lib/processo_resumo.js). */
export const SEVERAL_CONSULATES = 'varios';

/** 'Curitiba', 'Vários consulados', or '' for none yet. */
export function consulateLabel(id: string | undefined): string {
  if (!id) return '';
  if (id === SEVERAL_CONSULATES) return 'Vários consulados';
  return id in regras.consulados ? regras.consulados[id as ConsulateId].nome : id;
}

/** The consulate serving a UF (the official jurisdictions), or '' for an unknown UF. */
export function consulateOfUf(uf: string): ConsulateId | '' {
  const ids = Object.keys(regras.consulados) as ConsulateId[];
  return ids.find((id) => (regras.consulados[id].ufs as string[]).includes(uf.toUpperCase())) ?? '';
}

/** Under 18 on `today` (yyyy-mm-dd), as the server counts it; false without a birth date. */
export function isMinor(birth: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birth)) return false;
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return (today.slice(5) >= birth.slice(5) ? years : years - 1) < regras.maioridade;
}

/** The checklist of an applicant: the adult's or the minor's items, in the data file's order. */
export function checklistFor(minor: boolean): ChecklistItem[] {
  return regras.itens.filter((item) => (item.para as string[]).includes(minor ? 'menor' : 'adulto'));
}

export function itemName(id: string): string {
  return regras.itens.find((item) => item.id === id)?.nome ?? id;
}

const byBooking = (id: string) => pb.filter('agendamento = {:id}', { id });

export const caseQueries = {
  all: (bookingId: string) => ['agendamentos', 'detail', bookingId, 'processo'] as const,
  applicants: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseQueries.all(bookingId), 'requerentes'] as const,
      queryFn: () =>
        pb
          .collection('requerentes')
          .getFullList<ApplicantRecord>({ filter: byBooking(bookingId), sort: 'created,id' }),
    }),
  documents: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseQueries.all(bookingId), 'documentos'] as const,
      queryFn: () =>
        pb.collection('documentos').getFullList<DocumentRecord>({
          filter: byBooking(bookingId),
          sort: 'created,id',
          expand: 'revisado_por',
        }),
    }),
  /** A file token (PocketBase's lasts minutes): renewed before it runs out, while the page is open. */
  fileToken: () =>
    queryOptions({
      queryKey: ['file-token'] as const,
      queryFn: () => pb.files.getToken(),
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
};

/** The URL of one of a document's files, fetched with the staff member's file token. */
export function fileUrl(doc: DocumentRecord, name: string, token: string): string {
  return pb.files.getURL(doc, name, { token });
}

export type Review =
  | { status: 'aprovado' }
  | { status: 'recusado'; motivo: RefusalReason; motivo_texto: string };

/** Staff's review of one document; the server signs and dates it and moves the booking when it is the last. */
export function reviewDocument(id: string, review: Review): Promise<DocumentRecord> {
  return pb.collection('documentos').update<DocumentRecord>(id, review);
}
