import type regras from './regras.json';

export interface Passo {
  duplicada: boolean;
  ativa?: boolean;
  pedido?: boolean;
  novoPedido?: boolean;
  pagamento?: boolean;
  posPagamento?: boolean;
  estornoTotal?: boolean;
  alertarDivergente?: boolean;
}

export interface PagamentoAsaas {
  deleted?: boolean;
  status?: string;
  value?: number;
  refunds?: unknown;
}

declare const cobrancaComum: {
  VALOR_DIVERGENTE: string;
  foiPaga(status: string, R: typeof regras): boolean;
  statusDoAsaas(valorParcela: number, pagamentoAsaas: PagamentoAsaas, R: typeof regras): string;
  transicao(
    cobranca: { status: string; duplicada?: boolean },
    status: string,
    R: typeof regras,
  ): Passo | null;
  valorEstornadoListado(
    cobranca: { parcelamento?: string },
    pagamentoAsaas: PagamentoAsaas,
    preco: number,
    jaEstornado: number,
  ): number | null;
  dadosDoCartao(
    body: Record<string, unknown>,
    M: Record<string, string>,
    cpfValido: (cpf: string) => boolean,
  ):
    | { cartao: Record<string, string>; titular: Record<string, string> }
    | { erro: { campo: string; mensagem: string } };
};
export default cobrancaComum;
