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
/**
 * A refund of unknown outcome (incertoDe): reais asked, when (epoch ms), what was refunded then, and whether its
 * call has not come back yet.
 */
export interface EstornoIncerto {
  valor: number;
  em: number;
  antes: number;
  emVoo: boolean;
}
/** How an order records it (PocketBase's fields; a date as PocketBase writes it, '' when none). */
export interface MarcaDoIncerto {
  estorno_incerto_valor: number;
  estorno_incerto_em: string;
  estorno_incerto_antes: number;
  estorno_em_voo: boolean;
}
/** One payment as Asaas answers it, with the refunds it lists. */
interface PagamentoAsaas {
  status?: string;
  refunds?: { dateCreated?: string; status?: string; value?: number }[] | null;
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
  marcaDoIncerto(valor: number, antes: number, agoraMs: number): MarcaDoIncerto;
  SEM_INCERTO: MarcaDoIncerto;
  SEM_RESPOSTA: Pick<MarcaDoIncerto, 'estorno_em_voo'>;
  esperaDoAsaas(timeoutS?: number): number;
  emAndamento(incerto: EstornoIncerto | null, agoraMs: number, esperaMs: number): boolean;
  incertoDe(pedido: Partial<MarcaDoIncerto>): EstornoIncerto | null;
  consultaDoIncerto(
    cobranca: { asaas_id: string; parcelamento?: string } | null,
    pedido: { asaas_id_pagamento: string; parcelamento?: string },
  ): string;
  pagamentosDaConsulta(resposta: { status: number; json: unknown }): PagamentoAsaas[] | null;
  conferenciaDoIncerto(
    incerto: EstornoIncerto,
    pagamentos: PagamentoAsaas[],
    pedido: Pedido,
  ): { feito: boolean; valor_estornado: number };
  textoDoIncerto(modelo: string, incerto: EstornoIncerto, reais: (valor: number) => string): string;
  estornadoDepois(antes: number, valor: number | null, resta: number, agora: number): number;
  estornadoPorInteiro(pedido: Pedido): boolean;
  notaAposEstorno(pedido: Pedido, alerta: string): { cancelar: boolean; nota_alerta: string | null };
  cancelamento(notaStatus: string): 'DISPENSADA' | 'asaas' | null;
};
export default estornoComum;
