// The types of estorno_comum.js for the app's TypeScript (PocketBase reads only the .js).
interface Pedido {
  preco_servico: number;
  valor_estornado?: number | null;
  status_asaas?: string;
  nota_status?: string;
  nota_alerta?: string;
}
export interface PedidoDaEquipe {
  motivo: string;
  valor: number | null;
  parcial: boolean;
  resta: number;
}
/** A refusal to answer: { http, message } and, for the browser's field, { campo, code }. */
export interface RecusaDoEstorno {
  http: number;
  message: string;
  campo?: string;
  code?: string;
}
interface TextosDaDesistencia {
  semPedido: string;
  prazo: string;
  jaEstornado: string;
}
declare const estornoComum: {
  restante(pedido: Pedido): number;
  desistencia(statusDoAgendamento: string): 'encaminhada' | 'estornar';
  /** Never null for a missing order (`pedido` null: 404). */
  recusaDaDesistencia(
    pedido: (Pedido & { ultimoDia: string }) | null,
    hoje: string,
    M: TextosDaDesistencia,
  ): RecusaDoEstorno | null;
  leituraDaResposta(
    resposta: { status: number; json: unknown },
    M: { falhou: string },
    primeiroErro: (json: unknown) => { code: string; description: string },
  ): RecusaDoEstorno | null;
  motivo(body: Record<string, unknown>): string;
  pedidoDaEquipe(
    body: Record<string, unknown>,
    pedido: Pedido,
    M: { motivo: string; jaEstornado: string; valor: string; valorRestante: string },
    reais: (valor: number) => string,
  ): { erro: { message: string; campo?: string; code?: string } } | (PedidoDaEquipe & { erro?: undefined });
  notaDaEquipe(pedido: PedidoDaEquipe, reais: (valor: number) => string): string;
  chamada(
    cobranca: { asaas_id: string; parcelamento?: string } | null,
    pedido: Pedido & { asaas_id_pagamento: string; parcelamento?: string },
    valor: number | null,
    descricao: string,
  ): { caminho: string; corpo: { description: string; value?: number } };
  chamadaDaDuplicada(cobranca: { asaas_id: string; parcelamento?: string }): {
    caminho: string;
    corpo: { description?: string };
  };
  estornadoDepois(antes: number, valor: number | null, resta: number, agora: number): number;
  estornadoPorInteiro(pedido: Pedido): boolean;
  notaAposEstorno(pedido: Pedido, alerta: string): 'cancelar' | 'alertar' | null;
  cancelamento(notaStatus: string): 'DISPENSADA' | 'asaas' | null;
};
export default estornoComum;
