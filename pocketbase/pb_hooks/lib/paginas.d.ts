export interface Chave {
  campo: string;
  desc: boolean;
}
export interface Passo {
  pagina: number;
  porPagina: number;
  ordem: string;
  filtro?: string;
  params?: Record<string, unknown>;
}
export interface Plano {
  modo: 'inicio' | 'depois' | 'antes' | 'fim' | 'vazia';
  passos: Passo[];
  pular: number;
  quantos: number;
  inverter: boolean;
  encher: boolean;
}
export interface PedidoDePagina {
  pagina: number;
  porPagina: number;
  ordem: string;
  total?: number | null;
  vizinhas?: { anterior?: object; seguinte?: object };
}
export interface PedidoDoMarco {
  chaves: Chave[];
  onde: string;
  params: Record<string, string>;
  inicio: number;
}
/** What of regras.json orders the statuses. */
export interface RegrasDoStatus {
  statusAgendamento: readonly string[];
  agendamentoEncerrado: readonly string[];
}
declare const paginas: {
  /** The bookings' list rule the kit writes for these staff ids (lib/lista_equipe.js atualizarRegra). */
  regraDaLista(ids: readonly string[]): string;
  MSG_MARCO: string;
  pedidoDoMarco(
    valor: (nome: string) => string,
    colunas: readonly string[],
  ): { pedido: PedidoDoMarco; erro?: undefined } | { erro: string; pedido?: undefined };
  saltoDoMarco(inicio: number, total: number): { salto: number; inverter: boolean } | null;
  anteriorDe(chaves: Chave[], linha: object): Record<string, unknown>;
  modeloDoMarco(chaves: Chave[]): Record<string, string | number>;
  consultaDoMarco(tabela: string, pedido: PedidoDoMarco, inverter: boolean): string;
  MAIOR_PAGINA: number;
  PERTO: number;
  /** Columns the list sorts by another stored column (status_agendamento → status_ordem). */
  ORDENADA_POR: Readonly<Record<string, string>>;
  ordemDosStatus(regras: RegrasDoStatus): string[];
  ordemDoStatus(status: string | null | undefined, regras: RegrasDoStatus): number;
  chavesDe(ordem: string): Chave[];
  contagemPropria(filtro: string): { onde: string; params: Record<string, string> } | null;
  contagemDaEquipe(
    equipe: boolean,
    filtro: string,
    contar: string | null | undefined,
  ): { onde: string; params: Record<string, string> } | null;
  ordemDe(chaves: Chave[], inverter: boolean): string;
  valoresDe(chaves: Chave[], linha: object): unknown[];
  ramos(
    chaves: Chave[],
    valores: unknown[],
    avancar: boolean,
  ): { filtro: string; params: Record<string, unknown> }[];
  janela(inicio: number, quantos: number): { pagina: number; porPagina: number; pular: number } | null;
  planoDaPagina(pedido: PedidoDePagina): Plano;
  filtroDoPasso(
    filtro: string | undefined,
    passo: Passo,
    preencher: (filtro: string, params?: Record<string, unknown>) => string,
  ): string;
  lerPagina<T>(plano: Plano, buscar: (passo: Passo) => Promise<T[]> | T[]): Promise<T[]>;
};
export default paginas;
