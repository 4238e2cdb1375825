// The types of conta_comum.js for the app's TypeScript (PocketBase reads only the .js).
declare const contaComum: {
  CAMPOS_DO_DOCUMENTO: readonly string[];
  documentoListado(documento: Readonly<Record<string, unknown>>): Record<string, unknown>;
  entradaDoCliente<T extends { autor_nome: string }>(entrada: T, sistema: string): Omit<T, 'autor'>;
  errosDaExclusao(body: Readonly<Record<string, unknown>>): Record<string, { code: string; message: string }>;
  statusDaExclusao(statusDosAgendamentos: readonly string[]): 'AGUARDANDO_ATENDIMENTO' | 'PENDENTE';
};
export default contaComum;
