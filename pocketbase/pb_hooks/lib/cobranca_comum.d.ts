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

/** One of the payments Asaas lists for an attempt id (GET /payments?externalReference=). */
export interface PagamentoListado extends PagamentoAsaas {
  id?: unknown;
  installment?: unknown;
  installmentNumber?: unknown;
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
  precisaConciliar(status: string, idadeS: number, espera: number): boolean;
  pagamentoDaCobranca<P extends PagamentoListado>(
    cobranca: { asaas_id: string; parcelamento?: string },
    lista: readonly (P | null | undefined)[],
    R: typeof regras,
  ): P | null;
  desfechoDaConciliacao<P extends PagamentoListado>(
    cobranca: { asaas_id: string; parcelamento?: string },
    lista: readonly (P | null | undefined)[],
    idadeS: number,
    espera: number,
    R: typeof regras,
  ): { pagamento: P; naoCriada?: undefined } | { naoCriada: true; pagamento?: undefined } | null;
  dadosDoCartao(
    body: Record<string, unknown>,
    M: Record<string, string>,
    cpfValido: (cpf: string) => boolean,
  ):
    | { cartao: Record<string, string>; titular: Record<string, string> }
    | { erro: { campo: string; mensagem: string } };
};
export default cobrancaComum;
