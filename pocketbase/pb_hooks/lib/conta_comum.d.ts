// The types of conta_comum.js for the app's TypeScript (PocketBase reads only the .js).
declare const contaComum: {
  CAMPOS_DO_DOCUMENTO: readonly string[];
  documentoListado(documento: Readonly<Record<string, unknown>>): Record<string, unknown>;
  entradaDoCliente<T extends { autor_nome: string }>(entrada: T, sistema: string): Omit<T, 'autor'>;
  exportacao(
    dados: {
      geradoEm: string;
      conta: unknown;
      pagamentos: readonly { created: string }[];
      cobrancas: readonly { created: string }[];
      agendamentos: readonly { id: string; created: string }[];
      historico: readonly { agendamento: string; created: string; autor_nome: string }[];
      requerentes: readonly { agendamento: string; created: string }[];
      documentos: readonly { agendamento: string; created: string }[];
      atendimentos: readonly { agendamento: string; created?: string }[];
      tentativas: readonly { agendamento: string; created?: string }[];
      compromissos: readonly { agendamento: string; created?: string }[];
      lembretes: readonly { agendamento: string; created?: string }[];
      solicitacoes_exclusao: readonly { created: string }[];
    },
    sistema: string,
  ): Record<string, unknown>;
  exportacaoDe(
    geradoEm: string,
    conta: unknown,
    doUsuario: (colecao: string) => readonly object[],
    doCaso: (colecao: string, agendamentos: readonly { id: string }[]) => readonly object[],
    sistema: string,
  ): Record<string, unknown>;
  errosDaExclusao(body: Readonly<Record<string, unknown>>): Record<string, { code: string; message: string }>;
  statusDaExclusao(statusDosAgendamentos: readonly string[]): 'AGUARDANDO_ATENDIMENTO' | 'PENDENTE';
};
export default contaComum;
