// The types of processo_fluxo.js for the app's TypeScript (PocketBase reads only the .js).
import type processoComum from './processo_comum.js';

/** What processo_comum.js envioDoCaso reads of a case. */
type CasoDoEnvio<R extends { id: string; enviado_em?: string }, T> = Parameters<
  typeof processoComum.envioDoCaso<R, T>
>[0];

/** A refusal of 'Enviar para análise': PocketBase's error shape, with the list of what is missing. */
export interface RecusaDoEnvio {
  status: number;
  message: string;
  data: Record<string, unknown>;
}
/** Staff's alerts of the case file (email_texto.js alertasDoProcesso), with their data. */
export type Alerta =
  | ['enviado', { nome: string; documentos: number }]
  | ['corrigido', { nome: string; requerente: string; campos: string[] }];
type Avisar = <C extends Alerta[0]>(caso: C, dados: Extract<Alerta, [C, unknown]>[1]) => void;
interface Transacao {
  transacao(fazer: () => void): void;
}
/** What the send reads and writes through its caller (processo_fluxo.js's header says each). */
export interface PortasDoEnvio<R extends { id: string; enviado_em?: string }, T> extends Transacao {
  caso(): Omit<CasoDoEnvio<R, T>, 'usuario' | 'hoje' | 'agora' | 'encerrados'>;
  documento(id: string, campos: { status: 'em_analise' }, acao: string): void;
  requerente(id: string, campos: { enviado_em: T }): void;
  agendamento(campos: { formulario: string }): void;
  avisar: Avisar;
}
/** What a correction reads and writes through its caller. */
export interface PortasDaCorrecao extends Transacao {
  documentos(): readonly { id: string; status: string }[];
  salvar(): void;
  historico(linhas: { campo: string; de: string; para: string }[]): void;
  documento(id: string, campos: { status: 'em_analise' }): void;
  formulario(): void;
  avisar: Avisar;
}
/** What the review's outcome reads and writes through its caller. */
export interface PortasDaRevisao<D extends { status: string; motivo: string; motivo_texto: string }> {
  documentos(): readonly D[];
  rotulo(documento: D): string;
  agendamento(campos: { status_agendamento: 'ANALISE_ERRO'; nota_cliente: string }): void;
}
/** What staff's review of a document writes through its caller, besides the review's outcome (E: a refusal). */
export interface PortasDoRevisor<D extends { status: string; motivo: string; motivo_texto: string }, E>
  extends PortasDaRevisao<D> {
  salvar(campos: {
    status: string;
    motivo: string;
    motivo_texto: string;
    revisado_por?: string;
    revisado_em?: unknown;
  }): E | null | undefined | void;
  registrar(acao: string): void;
}
/** processo_comum.js revisao's answer, not refused. */
export type Revisao = Extract<ReturnType<typeof processoComum.revisao>, { revisado: boolean }>;
/** A correction, as processo_comum.js correcaoDoRequerente decides it. */
export type Correcao = NonNullable<ReturnType<typeof processoComum.correcaoDoRequerente<unknown>>>;

declare const processoFluxo: {
  enviar<R extends { id: string; enviado_em?: string }, T>(
    portas: PortasDoEnvio<R, T>,
    quem: { id: string; nome: string },
    hoje: string,
    agora: T,
  ): { erro: RecusaDoEnvio; resposta?: undefined } | { erro?: undefined; resposta: { enviados: number } };
  corrigir<T>(
    portas: PortasDaCorrecao,
    antes: T,
    depois: T,
    campos: string[],
    texto: (registro: T, campo: string) => string,
    equipe: boolean,
    quem: { nome: string },
  ): Correcao | null;
  revisar<D extends { status: string; motivo: string; motivo_texto: string }, E, T>(
    portas: PortasDoRevisor<D, E>,
    antes: { status: string },
    depois: { status: string; motivo: string; motivo_texto: string },
    revisor: string,
    agora: T,
  ):
    | { erro: E | { erros: Record<string, { code: string; message: string }> }; revisao?: undefined }
    | { erro?: undefined; revisao: Revisao };
  concluirRevisao<D extends { status: string; motivo: string; motivo_texto: string }>(
    portas: PortasDaRevisao<D>,
  ): { status_agendamento: 'ANALISE_ERRO'; nota_cliente: string } | null;
};
export default processoFluxo;
