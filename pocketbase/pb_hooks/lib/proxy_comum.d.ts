import type regras from './regras.json';

export interface ErroAsaas {
  code: string;
  description: string;
}

/** Asaas's answer to a call: status 0 when none came; `semChave` when the server has no key to call it. */
export interface RespostaAsaas {
  status: number;
  json: unknown;
  semChave?: boolean;
}

export interface ResultadoDaCriacao {
  criada: Record<string, unknown> | null;
  status: string;
  motivo?: string;
  descontar: boolean;
  erro: null | Recusa;
}

/** An account as corpoDoCliente reads it. */
export interface ContaDoCliente {
  id: string;
  nome_completo: string;
  cpf: string;
  email: string;
  celular: string;
}

/** What Asaas is sent to make a customer (POST /v3/customers). */
export interface CorpoDoCliente {
  name: string;
  cpfCnpj: string;
  email: string;
  mobilePhone: string;
  externalReference: string;
  notificationDisabled: boolean;
}

export interface ResultadoDoCliente {
  id: string;
  erro: null | Recusa;
}

export interface CobrancaPix {
  metodo: string;
  asaas_id?: string;
  status: string;
  tipo_servico?: string;
  flex?: boolean;
}

/** A refusal to answer: { http, mensagem } and, for the browser's field, { campo, code, detalhe }. */
export interface Recusa {
  http: number;
  mensagem: string;
  campo?: string;
  code?: string;
  detalhe?: string;
}

declare const proxyComum: {
  primeiroErro(json: unknown): ErroAsaas;
  lerRecusa(erro: ErroAsaas): { recusa: boolean; mensagem: string };
  descricao(tipo: string, flex: boolean): string;
  tipoDeCobranca(metodo: string): 'PIX' | 'CREDIT_CARD';
  corpoDaCobranca(
    pedido: {
      metodo: 'pix' | 'cartao_credito';
      cliente: string;
      tentativa: string;
      tipo: string;
      flex: boolean;
      total: number;
      parcelas: number;
    },
    hoje: string,
    cartao?: { cartao: object; titular: object },
    ip?: string,
  ): Record<string, unknown>;
  resultadoDaCriacao(resposta: RespostaAsaas, R: typeof regras): ResultadoDaCriacao;
  corpoDoCliente(conta: ContaDoCliente, digitos: (texto: string) => string): CorpoDoCliente;
  resultadoDoCliente(resposta: RespostaAsaas, R: typeof regras): ResultadoDoCliente;
  PIX_PAGAVEL: string[];
  cancelarPix(cobranca: CobrancaPix): boolean;
  statusDoCancelamento(http: number): string;
  reusarPix(ativa: CobrancaPix | null | undefined, tipo: string, flex: boolean): boolean;
  tentativaDe(
    body: Record<string, unknown>,
    nova: () => string,
    R: typeof regras,
  ): { tentativa: string; erro?: undefined } | { erro: { campo: string; mensagem: string } };
  recusaDaRepetida(
    anterior: { usuario: string; status: string; motivo?: string },
    usuarioId: string,
    R: typeof regras,
  ): Recusa | null;
  recusaDoPedidoExistente(R: typeof regras): Recusa;
  recusaDaAtiva(ativa: { status: string }, paga: boolean, R: typeof regras): Recusa;
  novaCobranca<M extends string, T extends string>(
    usuarioId: string,
    tentativa: string,
    metodo: M,
    pedido: { tipo: T; flex: boolean; total: number; parcelas: number },
  ): {
    usuario: string;
    tentativa: string;
    metodo: M;
    tipo_servico: T;
    flex: boolean;
    valor: number;
    parcelas: number;
    status: 'ENVIANDO';
    ativa: true;
  };
  respostaDaCobranca(cobranca: {
    asaas_id: string;
    status: string;
    tentativa: string;
    metodo: string;
    valor: number;
    parcelas: number;
    tipo_servico: string;
    flex: boolean;
  }): Record<string, unknown>;
  respostaDoQrCode(
    qr: { encodedImage?: unknown; payload?: unknown; expirationDate?: unknown },
    status: string,
  ): { encodedImage: unknown; payload: unknown; expirationDate: unknown; status: string };
};
export default proxyComum;
