// The types of pedido_fluxo.js for the app's TypeScript (PocketBase reads only the .js).
import type { AcaoDepois, CobrancaDoPlano, NovoPedido, PagamentoAsaas } from './cobranca_comum.js';

/** An order as the flow reads it. */
export interface PedidoDoFluxo {
  id: string;
  status_asaas: string;
  preco_servico: number;
  valor_estornado?: number | null;
}
/** What a move leaves for after the commit is run on. */
export interface IdsDepois {
  cobranca: string;
  pagamento: string;
  nota?: string;
}
/** What a charge's move reads and writes through its caller (pedido_fluxo.js's header says each). */
export interface PortasDoPedido<P extends PedidoDoFluxo = PedidoDoFluxo> {
  pedidoDa(cobranca: CobrancaDoPlano): P | null;
  outro(cobranca: CobrancaDoPlano): { tipo: 'pedido' | 'cobranca'; id: string } | null;
  agendamentoDo(pedidoId: string): { id: string; status_agendamento: string } | null;
  nfse(): boolean;
  salvarCobranca(cobranca: CobrancaDoPlano, campos: Record<string, unknown>): void;
  gravarPedido(cobranca: CobrancaDoPlano, novo: NovoPedido): { pedido: P; criado: boolean };
  salvarPedido(id: string, campos: Record<string, unknown>): void;
  nota(agendamentoId: string, campo: string, texto: string): void;
  cancelar(agendamento: { id: string; status_agendamento: string }): void;
  aposEstorno(pedidoId: string): void;
  depois(acoes: AcaoDepois[], ids: IdsDepois): void;
}
/** The charge's ports inside an event's transaction: the charge a payment belongs to is looked for too. */
export interface PortasDoEvento<P extends PedidoDoFluxo = PedidoDoFluxo> extends PortasDoPedido<P> {
  acharCobranca(busca: Record<string, string>): CobrancaDoPlano | null;
}
/** The webhook's ports. */
export interface PortasDoWebhook<P extends PedidoDoFluxo = PedidoDoFluxo> {
  autorizado(): boolean;
  recebido(eventoId: string): boolean;
  asaas(metodo: string, caminho: string): { status: number; json: unknown };
  registrar(
    registro: { evento_id: string; evento: string; asaas_id: string },
    efeito: (portas: PortasDoEvento<P>) => string,
  ): string | null;
  fatura?(evento: Record<string, unknown>): {
    asaasId: string;
    efeito: (portas: PortasDoEvento<P>) => string;
  };
}
export type Recebido =
  | { erro: { http: number; message: string }; resposta?: undefined }
  | {
      erro?: undefined;
      resposta: { recebido: true; resultado?: string; repetido?: boolean };
    };

declare const pedidoFluxo: {
  aplicarStatus<P extends PedidoDoFluxo>(
    portas: PortasDoPedido<P>,
    cobranca: CobrancaDoPlano,
    status: string,
    motivo: string | undefined,
  ): CobrancaDoPlano;
  anotarEstornos<P extends PedidoDoFluxo>(
    portas: PortasDoPedido<P>,
    cobranca: CobrancaDoPlano,
    pagamentoAsaas: PagamentoAsaas,
  ): void;
  statusDoAsaas(cobranca: { valor: number; parcelas: number }, pagamentoAsaas: PagamentoAsaas): string;
  receber<P extends PedidoDoFluxo>(portas: PortasDoWebhook<P>, evento: Record<string, unknown>): Recebido;
};
export default pedidoFluxo;
