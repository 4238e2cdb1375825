// The types of estorno_fluxo.js for the app's TypeScript (PocketBase reads only the .js).
import type { EstornoIncerto, MarcaDoIncerto, RecusaDoEstorno } from './estorno_comum.js';

/** An order as the flow reads it (estorno_comum's fields, and the ids the ports need). */
export interface PedidoDoFluxo extends Partial<MarcaDoIncerto> {
  id: string;
  usuario?: string;
  preco_servico: number;
  valor_estornado?: number | null;
  status_asaas?: string;
  metodo_pagamento?: string;
  asaas_id_pagamento: string;
  parcelamento?: string;
}
/** An order's charge as the flow reads it. */
export interface CobrancaDoFluxo {
  id: string;
  asaas_id: string;
  parcelamento?: string;
}
type Campos = Partial<MarcaDoIncerto> & { valor_estornado?: number };
interface Email {
  assunto: string;
  paragrafos: string[];
}
/** What the flows read and write through their caller (estorno_fluxo.js's header says each). */
export interface Portas<P extends PedidoDoFluxo = PedidoDoFluxo> {
  ler(id: string): P;
  cobranca(pedido: P): CobrancaDoFluxo | null;
  gravar(id: string, mudar: (agora: P) => Campos | null): P;
  contar(id: string, cobranca: CobrancaDoFluxo | null, mudar: (agora: P) => Campos): P;
  asaas(metodo: string, caminho: string, corpo?: Record<string, unknown>): { status: number; json: unknown };
  espera(): number | undefined;
}
/** The withdrawal's and the staff refund's ports besides the refund's. */
export interface PortasDoPedido<P extends PedidoDoFluxo = PedidoDoFluxo> extends Portas<P> {
  nota(agendamentoId: string, campo: string, texto: string): void;
  avisar(pedido: P, escrever: (nome: string) => { cliente: Email | null; equipe: Email | null }): void;
}
export interface PortasDaDesistencia<P extends PedidoDoFluxo = PedidoDoFluxo> extends PortasDoPedido<P> {
  cancelar(agendamentoId: string, campo: string, texto: string): void;
  daVez(chave: string): boolean;
}
export interface PortasDaEquipe<P extends PedidoDoFluxo = PedidoDoFluxo> extends PortasDoPedido<P> {
  pedidoDoAgendamento(body: Record<string, unknown>): { agendamento: { id: string }; pedido: P } | null;
}
export type Estorno<P> =
  | { erro: RecusaDoEstorno; pedido?: undefined; confirmado?: undefined }
  | { erro?: undefined; pedido: P; confirmado: EstornoIncerto | null };
export type Resposta =
  | { erro: RecusaDoEstorno; resposta?: undefined }
  | { erro?: undefined; resposta: { resultado: string; mensagem?: string } };

declare const estornoFluxo: {
  pedirEstorno<P extends PedidoDoFluxo>(
    portas: Portas<P>,
    pedido: P,
    valor: number | null,
    descricao: string,
  ): Estorno<P>;
  estornarRestante<P extends PedidoDoFluxo>(portas: Portas<P>, pedido: P, descricao: string): Estorno<P>;
  desistir<P extends PedidoDoFluxo>(
    portas: PortasDaDesistencia<P>,
    pedido: (P & { ultimoDia: string }) | null,
    agendamento: { id: string; status_agendamento: string } | null,
    hoje: string,
  ): Resposta;
  estornar<P extends PedidoDoFluxo>(portas: PortasDaEquipe<P>, body: Record<string, unknown>): Resposta;
};
export default estornoFluxo;
