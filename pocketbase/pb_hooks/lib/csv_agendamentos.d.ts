// The types of csv_agendamentos.js for the app's TypeScript (PocketBase reads only the .js).
export interface LinhaCsv {
  id: string;
  created: string;
  updated: string;
  status: string;
  /** the booking's consulate id (processo_regras.json consulados, or `varios`), '' for none yet */
  consulado: string;
  /** the documentation's state (processo_regras.json documentacao), '' for none yet */
  documentacao: string;
  data: string;
  hora: string;
  local: string;
  nome: string;
  nota: string;
}
declare const csv: {
  BOM: string;
  SEPARADOR: string;
  FIM_DE_LINHA: string;
  CABECALHO: readonly string[];
  LIMITE: number;
  POR_PAGINA: number;
  MSG: { soEquipe: string; invalido: string; grande: string };
  campo(valor: string): string;
  linha(campos: readonly string[]): string;
  dataHora(texto: string, fuso: (ms: number) => number): string;
  dia(texto: string): string;
  hora(texto: string): string;
  /** The consulate's name as the list shows it ('Curitiba', 'Vários consulados'), '' for none yet. */
  nomeDoConsulado(id: string): string;
  campos(b: LinhaCsv, fuso: (ms: number) => number): string[];
  linhaDoAgendamento(
    texto: (campo: string) => string,
    nome: string,
    nota: string,
    fuso: (ms: number) => number,
  ): string;
  fusoDe(texto: string): number | null;
  nomeDoArquivo(agora: number, fuso: number): string;
  /** The request's filter and sort when they name only `campos` (no relation, macro, modifier or hidden field). */
  pedidoDaEquipe(
    consulta: { get(chave: string): string | null },
    campos: readonly string[],
  ): { filtro: string; ordem: string } | null;
};
export default csv;
