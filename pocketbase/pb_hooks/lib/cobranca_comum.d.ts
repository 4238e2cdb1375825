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

/** A charge's fields as plano reads them. */
export interface CobrancaDoPlano {
  id: string;
  status: string;
  duplicada?: boolean;
  usuario: string;
  tipo_servico: string;
  valor: number;
  flex: boolean;
  metodo: string;
  parcelas: number;
  asaas_id: string;
  parcelamento?: string;
}

/** What runs once a charge's move is committed (the new order's own, or any move's). */
export type AcaoDepois =
  | 'recibo'
  | 'enviarNota'
  | 'estornarDuplicada'
  | 'alertarDivergente'
  | 'alertarPosPagamento';

/** The order a paid charge writes (cobranca_comum.js novoPedido). */
export interface NovoPedido {
  pagamento: {
    usuario: string;
    cobranca: string;
    tipo_servico: string;
    preco_servico: number;
    flex: boolean;
    metodo_pagamento: string;
    numero_parcelas: number;
    asaas_id_pagamento: string;
    parcelamento: string;
    status_asaas: string;
    nota_status: string;
  };
  agendamento: {
    usuario: string;
    status_agendamento: 'NOVO';
    data_agendamento: string;
    hora_agendamento: string;
    local_agendamento: string;
  };
  depois: AcaoDepois[];
}

/** The whole of a charge's move (cobranca_comum.js plano). */
export interface Plano {
  cobranca: { status: string; ativa?: boolean; duplicada?: boolean; motivo?: string };
  duplicada: { nota: string | null } | null;
  pedido: NovoPedido | null;
  pagamento: { status_asaas: string; valor_estornado?: number } | null;
  posPagamento: { nota: string; cancelar: boolean; aposEstorno: boolean } | null;
  depois: AcaoDepois[];
}

export interface ContextoDoPlano {
  pedido: { status_asaas: string; preco_servico: number } | null;
  agendamento: { status_agendamento: string } | null;
  outro: 'pedido' | 'cobranca' | null;
  motivo?: string;
  nfse: boolean;
  reais: (valor: number) => string;
}

/** The ids of a charge a payment Asaas reports may teach it. */
export interface IdsDaCobranca {
  asaas_id?: string;
  parcelamento?: string;
}

declare const cobrancaComum: {
  VALOR_DIVERGENTE: string;
  PADROES: { conciliarAposS: number; consultaIntervaloMs: number };
  reenvioDaNota(tentativas: number | undefined): {
    nota_status: 'PENDENTE';
    nota_tentativas: number;
    nota_id: string;
    nota_erro: string;
  };
  foiPaga(status: string, R: typeof regras): boolean;
  statusDoAsaas(valorParcela: number, pagamentoAsaas: PagamentoAsaas, R: typeof regras): string;
  transicao(
    cobranca: { status: string; duplicada?: boolean },
    status: string,
    R: typeof regras,
  ): Passo | null;
  statusDoEvento(evento: string, doAsaas: string, R: typeof regras): string;
  plano(cobranca: CobrancaDoPlano, status: string, contexto: ContextoDoPlano, R: typeof regras): Plano | null;
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
  idsDoPagamento(
    cobranca: { asaas_id: string; parcelamento?: string },
    pagamento: { id?: unknown; installment?: unknown },
  ): IdsDaCobranca;
  dadosDoCartao(
    body: Record<string, unknown>,
    M: Record<string, string>,
    cpfValido: (cpf: string) => boolean,
  ):
    | { cartao: Record<string, string>; titular: Record<string, string> }
    | { erro: { campo: string; mensagem: string } };
};
export default cobrancaComum;
