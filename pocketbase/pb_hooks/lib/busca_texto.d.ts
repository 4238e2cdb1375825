export interface PedidoDeBusca {
  texto: string;
  chave: string;
  status: string;
  de: string;
  ate: string;
  consulado: string;
  documentacao: string;
  ordem: string;
  pagina: number;
  porPagina: number;
  /** The list's total, known from another page of the same search: not counted again (null: count it). */
  total: number | null;
}
declare const buscaTexto: {
  MINIMO: number;
  cabeNoInstante(texto: string): boolean;
  COLUNAS_DA_LISTA: readonly [
    'created',
    'status_agendamento',
    'data_agendamento',
    'hora_agendamento',
    'local_agendamento',
    'updated',
  ];
  COLUNAS: string[];
  NOTA_ERRO: string;
  MSG: { soEquipe: string; curta: string; invalida: string };
  limpo(texto: string): string;
  peloIndice(texto: string, termoBusca: (texto: string) => string): boolean;
  pedidoDe(
    valor: (nome: string) => string,
    termoBusca: (texto: string) => string,
  ): { pedido: PedidoDeBusca; erro?: undefined } | { erro: 'curta' | 'invalida'; pedido?: undefined };
  filtroEquivalente(pedido: PedidoDeBusca): string;
  consulta(
    pedido: PedidoDeBusca,
    chaves: { campo: string; desc: boolean }[],
  ): {
    achados: string;
    porIndice: string;
    porTabela: string;
    soFiltros: string | null;
    params: Record<string, string>;
    ordem: string;
  };
  modo(x: {
    achados: number;
    total: number;
    base: number;
    salto: number;
    limite: number;
  }): 'tabela' | 'indice';
  contarPor(x: { achados: number; base: number }): 'tabela' | 'indice';
};
export default buscaTexto;
