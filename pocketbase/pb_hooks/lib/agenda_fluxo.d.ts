// The types of agenda_fluxo.js for the app's TypeScript (PocketBase reads only the .js).
type Erros = Record<string, { code: string; message: string }>;
/** The status e-mail a change sent, as lib/emails_status.js enviarStatus answers it. */
export interface Envio {
  para: string;
  enviado: boolean;
  assunto: string;
}
/** A booking's values as the save reads them (the adapter's record or row). */
export interface ValoresDoAgendamento {
  status_agendamento: string;
  nota_cliente?: string;
  updated: string;
}
/** The ports of the status e-mail after a change (agenda_fluxo.js's header says each). */
export interface PortasDoAviso<E> {
  enviar(): Envio | null;
  anotar(entrada: E, envio: Envio): void;
  falha(erro: unknown): void;
}
/** What staff's save does inside its transaction. */
export interface Transacao<V extends ValoresDoAgendamento, E> {
  ler(): V;
  gravar(mudar: (novos: V) => { nota_cliente: string }): V;
  registrar(): E | null;
}
export interface PortasDoSalvar<V extends ValoresDoAgendamento, E> extends PortasDoAviso<E> {
  pedido(): {
    enviados: readonly string[];
    antes: Readonly<Record<string, unknown>>;
    depois: Readonly<Record<string, unknown>>;
    caso: {
      hoje: string;
      aprovado(): boolean;
      requerentes(): string[];
      compromissos(): { requerentes: string[]; data: string; hora: string }[];
    };
  } | null;
  tamanhos(erros: Erros): Erros;
  transacao<T>(passos: (tx: Transacao<V, E>) => T): T;
}
export type RecusaDoSalvar =
  | { http: 400; campos: Erros; message?: undefined }
  | { http: 409; message: string; campos?: undefined };
export type Salvo<V> = { erro: RecusaDoSalvar; resposta?: undefined } | { erro?: undefined; resposta: V };

declare const agendaFluxo: {
  avisar<E>(portas: PortasDoAviso<E>, entrada: E | null, mudou: boolean): Envio | null;
  salvar<V extends ValoresDoAgendamento, E>(
    portas: PortasDoSalvar<V, E>,
    cabecalho: string | null | undefined,
  ): Salvo<V>;
};
export default agendaFluxo;
