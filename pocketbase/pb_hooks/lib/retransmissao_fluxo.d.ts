// The types of retransmissao_fluxo.js for the app's TypeScript (PocketBase reads only the .js).

/** A refusal: its status and message, and for a 400 its field errors. */
export interface RecusaDoDia {
  status: number;
  message: string;
  erros?: Record<string, { code: string; message: string }>;
}
/** Which relayed values to delete: those on a handling, or those expired at an instant (as the store keeps it). */
export type Onde =
  | { atendimento: string; expiradosAte?: undefined }
  | { expiradosAte: string; atendimento?: undefined };
/** What a move of the case reads and writes through its caller (retransmissao_fluxo.js's header says each). */
export interface PortasDoPasso<A extends { id: string; responsavel: string; responsavel_nome: string }, S> {
  agendamento(): { id: string; usuario: string; status_agendamento: string } | null | undefined;
  atendimento(agendamento: { id: string }): A;
  gravar(atendimento: A, valores: Record<string, string | boolean>): S;
  apagar(onde: Onde): number;
  nota(agendamentoId: string, campo: string, texto: string): void;
}
/** What a relayed value's write reads and writes through its caller. */
export interface PortasDaRetransmissao {
  pedido(): string;
  transacao(fazer: () => void): void;
  salvar(campos: { expira_em?: string; enviado_em?: string }): void;
  entregue(campos: { entregue_em: string }): void;
  nota(texto: string): void;
}
export type Erro = { erro: RecusaDoDia };

declare const retransmissaoFluxo: {
  mover<A extends { id: string; responsavel: string; responsavel_nome: string }, S>(
    portas: PortasDoPasso<A, S>,
    acao: 'assumir' | 'soltar' | 'pedir' | 'pronto',
    tipo: string,
    quem: { id: string; nome: string },
    agoraMs: number,
  ): (Erro & { atendimento?: undefined }) | { erro?: undefined; atendimento: S };
  retransmitir(
    portas: PortasDaRetransmissao,
    novo: boolean,
    registro: { tipo: string; valor: string; enviado_em: string; expira_em: string },
    enviar: unknown,
    agoraMs: number,
    vidaMs: number,
    superusuario: boolean,
  ):
    | (Erro & { campos?: undefined })
    | { erro?: undefined; campos: { expira_em?: string; enviado_em?: string } };
  expirar(portas: { apagar(onde: Onde): number }, agoraMs: number): number;
  pbData(ms: number): string;
};
export default retransmissaoFluxo;
