// The types of remarcar_fluxo.js for the app's TypeScript (PocketBase reads only the .js).
import type { LinhaPendente } from './calendario.js';

/** An appointment as the flows read it. */
export interface CompromissoDoFluxo {
  id: string;
  agendamento: string;
  consulado: string;
  data: string;
  hora: string;
  confirmado_em?: string;
  cancelamento?: string;
  requerentes: readonly string[];
}
/** A booking as the flows read it. */
export interface AgendamentoDoFluxo {
  id: string;
  usuario: string;
  status_agendamento: string;
  flex_usado_em?: string;
  pagamento?: string;
}
/** What the flows read and write through their caller (remarcar_fluxo.js's header says each). */
export interface Portas<
  C extends CompromissoDoFluxo,
  A extends AgendamentoDoFluxo,
  H extends { id: string },
> {
  agendamento(id: string): A | null | undefined;
  compromisso(id: string): C | null | undefined;
  consulado(compromisso: C, agendamento: A): { confirmacao: string } | null | undefined;
  flex(agendamento: A): boolean;
  nomes(ids: readonly string[]): string[];
  ativos(agendamentoId: string): C[];
  transacao(fazer: () => void): void;
  gravarCompromisso(id: string, valores: object): C;
  nota(agendamentoId: string, campo: string, texto: string): void;
  gravarAgendamento(id: string, valores: object): unknown;
  atendimento(agendamentoId: string): H | null | undefined;
  gravarAtendimento(atendimento: H, valores: object): void;
  apagar(onde: { atendimento: string }): unknown;
  avisar(): void;
  pendentes(filtro: string, params: { hoje: string; ate: string }, limite: number): C[];
  cliente(agendamentoId: string): string;
  resposta(compromissoId: string): unknown;
}
/** A refusal: nothing was written. */
export type Erro = { erro: { status: number; message: string }; resposta?: undefined };
export type Feito<T> = Erro | { erro?: undefined; resposta: T };

/** A flow: its ports, then its arguments (the instants `agora` as the store keeps them). */
type Fluxo<Args extends unknown[], R = unknown> = <
  C extends CompromissoDoFluxo,
  A extends AgendamentoDoFluxo,
  H extends { id: string },
>(
  portas: Portas<C, A, H>,
  ...args: Args
) => Feito<R>;

declare const remarcarFluxo: {
  LIMITE_PENDENTES: number;
  confirmar: Fluxo<[compromissoId: string, quem: string, hoje: string, agora: unknown]>;
  pendentes: Fluxo<[equipe: boolean, hoje: string], LinhaPendente[]>;
  voltarParaProntos: Fluxo<
    [agendamentoId: string, tipo: 'flex' | 'consulado', motivo: string, agora: unknown]
  >;
  pedirFlex: Fluxo<[agendamentoId: string, quem: string, corpo: unknown, hoje: string, agora: unknown]>;
  cancelamentoConsulado: Fluxo<[agendamentoId: string, equipe: boolean, corpo: unknown, agora: unknown]>;
};
export default remarcarFluxo;
