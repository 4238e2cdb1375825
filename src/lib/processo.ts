/**
 * The case file's rules (pocketbase/pb_hooks/lib/processo_regras.json, the file the server's hooks read) and
 * the decisions the app and the demo double share with pb_hooks/lib/processo.js: adult or minor, which
 * consulate, which checklist, what an applicant still lacks.
 */
import REGRAS from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import COMUM from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import { isValidCpf } from './cpf';

export { REGRAS };

export type ConsuladoId = keyof typeof REGRAS.consulados;
export type Item = (typeof REGRAS.itens)[number];
export type MotivoRecusa = keyof typeof REGRAS.motivosRecusa;
export type TipoRequerente = 'adulto' | 'menor';
/** A document's states and their labels, for the customer and for staff (processo_regras.json). */
export type DocumentStatus = keyof typeof REGRAS.estadosDocumento;
export const DOCUMENT_STATUSES = Object.keys(REGRAS.estadosDocumento) as DocumentStatus[];
export function documentStatusLabel(status: DocumentStatus, audience: 'cliente' | 'equipe'): string {
  return REGRAS.estadosDocumento[status][audience];
}

export interface RequerenteRecord {
  id: string;
  collectionId: string;
  collectionName: 'requerentes';
  agendamento: string;
  nome: string;
  sobrenome: string;
  sexo: '' | 'F' | 'M';
  data_nascimento: string;
  local_nascimento: string;
  cpf: string;
  estado_civil: '' | 'solteiro' | 'casado' | 'divorciado' | 'viuvo' | 'uniao_estavel';
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
  /** When 'Enviar para análise' first sent this applicant (set by the server); '' for a draft. */
  enviado_em: string;
  created: string;
  updated: string;
}

/** The applicant's own fields (what the owner writes). */
export type RequerenteData = Omit<
  RequerenteRecord,
  'id' | 'collectionId' | 'collectionName' | 'agendamento' | 'enviado_em' | 'created' | 'updated'
>;

export interface DocumentoRecord {
  id: string;
  collectionId: string;
  collectionName: 'documentos';
  agendamento: string;
  requerente: string;
  item: string;
  arquivos: string[];
  status: DocumentStatus | '';
  motivo: MotivoRecusa | '';
  motivo_texto: string;
  revisado_por: string;
  revisado_em: string;
  reenviado: boolean;
  created: string;
  updated: string;
  /** Asked by staff only (caseFileQueries.documents(id, true)): who reviewed it. */
  expand?: { revisado_por?: { id: string; nome_completo: string } };
}

export const ESTADOS_CIVIS = {
  solteiro: 'Solteiro(a)',
  casado: 'Casado(a)',
  divorciado: 'Divorciado(a)',
  viuvo: 'Viúvo(a)',
  uniao_estavel: 'União estável',
} as const;

export const UFS = Object.values(REGRAS.consulados)
  .flatMap((c) => c.ufs)
  .sort();

/** The consulate serving a UF, or null for an unknown UF (processo_comum.js). */
export function consuladoDaUf(uf: string): ConsuladoId | null {
  return (COMUM.consuladoDaUf(uf, REGRAS) as ConsuladoId | '') || null;
}

/** Today in São Paulo (yyyy-mm-dd): the server's day, by the kit's own function (pb_hooks/lib/prazo.js). */
export function hojeSaoPaulo(now: Date = new Date()): string {
  return prazo.diaSaoPaulo(now.getTime());
}

/** Under 18 on `hoje` for a valid, plausible birth date; false for none or a wrong one (the server's code). */
export function ehMenor(nascimento: string, hoje: string): boolean {
  return COMUM.ehMenor(nascimento, hoje, REGRAS);
}

/** What is wrong with a birth date, in the server's words ('' when nothing): processo_comum.js. */
export function erroNascimento(nascimento: string, hoje: string): string {
  return COMUM.erroNascimento(nascimento, hoje, REGRAS);
}

/** ANALISE_OK and after: the customer changes nothing in the case file (the server's rule). */
export function travadoParaCliente(statusAgendamento: string): boolean {
  return COMUM.travadoParaCliente(statusAgendamento, REGRAS);
}

/** Whether the customer may no longer change the applicants' Prenot@mi account: once the booking is made. */
export function contaDoPortalTravada(statusAgendamento: string): boolean {
  return COMUM.contaTravada(statusAgendamento, REGRAS);
}

export function tipoDe(requerente: Pick<RequerenteData, 'data_nascimento'>, hoje: string): TipoRequerente {
  return ehMenor(requerente.data_nascimento, hoje) ? 'menor' : 'adulto';
}

/** The checklist items for an applicant type. */
export function itensPara(tipo: TipoRequerente): Item[] {
  return COMUM.itensPara(tipo, REGRAS);
}

export function itemDe(id: string): Item | undefined {
  return REGRAS.itens.find((i) => i.id === id);
}

/** The page a checklist item's rule comes from, for a consulate (its own, else the common one). */
export function fonteDoItem(item: Item, consulado: ConsuladoId | null): string {
  const fontes: Record<string, string | undefined> = item.fontes;
  return (consulado ? fontes[consulado] : undefined) ?? fontes.comum ?? '';
}

/** The service's bounds on its applicants (processo_comum.js, as the server holds them). */
export function limitesDoServico(tipoServico: string): { min: number; max: number } {
  return COMUM.limitesDoServico(tipoServico, REGRAS);
}

/** "Ilegível: a foto está tremida": a refusal's reason as the server writes it. */
export function motivoDe(documento: Pick<DocumentoRecord, 'motivo' | 'motivo_texto'>): string {
  return COMUM.motivoDe(documento, REGRAS);
}

/** What an applicant still lacks to be sent, as pt-BR phrases: the server's own code (processo_comum.js). */
export function pendencias(
  requerente: RequerenteData,
  documentos: readonly Pick<DocumentoRecord, 'item' | 'arquivos' | 'status'>[],
  hoje: string,
): string[] {
  return COMUM.pendencias(requerente, documentos, hoje, REGRAS, isValidCpf);
}

/** Whether a file may be sent: its type and size, as the server's file field checks them. */
export function arquivoInvalido(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!REGRAS.arquivos.tipos.includes(file.type) || COMUM.recusaDosArquivos([file.name], false, REGRAS))
    return REGRAS.mensagens.tipoInvalido.replace('{nome}', file.name);
  if (file.size > REGRAS.arquivos.tamanhoMaxBytes)
    return `O arquivo ${file.name} passa de 10 MB. Envie um arquivo menor.`;
  return null;
}

export type EstadoProcesso = 'rascunho' | 'em_analise' | 'recusado' | 'aprovado';

/**
 * Where the case stands, from its documents: refused when staff refused any; approved when every one is;
 * under review when all that was sent waits for staff; otherwise a draft (something new still to send).
 */
export function estadoDoProcesso(documentos: readonly Pick<DocumentoRecord, 'status'>[]): EstadoProcesso {
  if (documentos.some((d) => d.status === 'recusado')) return 'recusado';
  if (documentos.length > 0 && documentos.every((d) => d.status === 'aprovado')) return 'aprovado';
  const novo = documentos.some((d) => d.status === 'pendente' || d.status === '');
  if (!novo && documentos.some((d) => d.status === 'em_analise')) return 'em_analise';
  return 'rascunho';
}

/** "Maria Souza": an applicant's name, or how the server names one without it. */
export function nomeRequerente(r: Pick<RequerenteData, 'nome' | 'sobrenome'>): string {
  return COMUM.nomeRequerente(r, REGRAS);
}

/** "Maria Souza · Foto para passaporte": a document as the history, the e-mails and the lists name it. */
export function rotuloDoDocumento(
  r: Pick<RequerenteData, 'nome' | 'sobrenome'> | null,
  item: string,
): string {
  return COMUM.rotuloDoDocumento(r, item, REGRAS);
}

/** 'O Agendamento Familiar é para no máximo 6 requerentes.': a message with its {min} and {max} filled. */
const porLimite = COMUM.porLimite;

const M = REGRAS.mensagens;

/** The server's refusal of an applicant over the service's count. */
export const excessoDeRequerentes = (max: number): string =>
  porLimite(M.umRequerente, M.maximoRequerentes, { max });

/** The server's refusal of more files than a checklist item takes. */
export const excessoDeArquivos = (max: number): string => porLimite(M.umArquivo, M.maximoArquivos, { max });

/** What sending asks for when the case has fewer applicants than the service needs. */
export const faltaDeRequerentes = (limite: { min: number; max: number }): string =>
  porLimite(M.cadastreUm, M.cadastreDeAte, limite);
