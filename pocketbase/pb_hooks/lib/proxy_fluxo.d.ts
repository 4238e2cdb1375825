// The types of proxy_fluxo.js for the app's TypeScript (PocketBase reads only the .js).
import type { ContaDoCliente, Recusa, RespostaAsaas, ResultadoDaCriacao } from './proxy_comum.js';

/** A charge as the flow reads it. */
export interface CobrancaDoFluxo {
  id: string;
  usuario: string;
  tentativa: string;
  metodo: string;
  asaas_id: string;
  status: string;
  motivo?: string;
  tipo_servico: string;
  flex: boolean;
  valor: number;
  parcelas: number;
}
/** The fields of a new live charge (proxy_comum.novaCobranca). */
export interface NovaCobranca {
  usuario: string;
  tentativa: string;
  metodo: 'pix' | 'cartao_credito';
  tipo_servico: string;
  flex: boolean;
  valor: number;
  parcelas: number;
  status: 'ENVIANDO';
  ativa: true;
}
/** What the flows read and write through their caller (proxy_fluxo.js's header says each). */
export interface Portas<C extends CobrancaDoFluxo = CobrancaDoFluxo, T = unknown> {
  clienteAsaas(usuarioId: string): string;
  guardarCliente(usuarioId: string, asaasId: string): string;
  daTentativa(tentativa: string): C | null;
  conciliar(cobranca: C): C;
  conciliarAtiva(usuarioId: string): C | null;
  temPedido(usuarioId: string): boolean;
  contarTentativa(usuarioId: string): T | null;
  descontar(tentativa: T): void;
  pixPendentes(usuarioId: string): C[];
  aplicarStatus(cobranca: C, status: string): void;
  abrir(campos: NovaCobranca): C | null;
  ativa(usuarioId: string): C | null;
  registrar(cobranca: C, resultado: ResultadoDaCriacao): C;
  pixDoCliente(usuarioId: string, asaasId: string): C | null;
  asaas(metodo: string, caminho: string, corpo?: Record<string, unknown>): RespostaAsaas;
  hoje(): string;
  ip(): string;
  novaTentativa(): string;
}
export type Resposta<R = Record<string, unknown>> =
  | { erro: Recusa; resposta?: undefined }
  | { erro?: undefined; resposta: R };

declare const proxyFluxo: {
  criarCliente<C extends CobrancaDoFluxo, T>(
    portas: Portas<C, T>,
    conta: ContaDoCliente,
  ): Resposta<{ id: string }>;
  cobrarCartao<C extends CobrancaDoFluxo, T>(
    portas: Portas<C, T>,
    usuarioId: string,
    body: Record<string, unknown>,
  ): Resposta;
  cobrarPix<C extends CobrancaDoFluxo, T>(
    portas: Portas<C, T>,
    usuarioId: string,
    body: Record<string, unknown>,
  ): Resposta;
  qrCodePix<C extends CobrancaDoFluxo, T>(portas: Portas<C, T>, usuarioId: string, asaasId: string): Resposta;
};
export default proxyFluxo;
