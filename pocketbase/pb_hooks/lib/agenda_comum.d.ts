// The types of agenda_comum.js for the app's TypeScript (PocketBase reads only the .js).
type Valores = Readonly<Record<string, unknown>>;
declare const agendaComum: {
  COLUNAS_DO_SERVIDOR: readonly string[];
  COLUNAS_DO_BANCO: readonly string[];
  camposDaEquipe(campos: readonly string[]): string[];
  errosDaAlteracao(
    enviados: readonly string[],
    antes: Valores,
    depois: Valores,
    caso: {
      hoje: string;
      aprovado(): boolean;
      requerentes(): string[];
      compromissos(): { requerentes: string[]; data: string; hora: string }[];
    },
    regras?: { statusAgendamento: readonly string[]; analiseOkCedo: string; agendadoCedo: string },
  ): Record<string, { code: string; message: string }>;
  versaoEsperada(cabecalho: string | null | undefined): string;
};
export default agendaComum;
