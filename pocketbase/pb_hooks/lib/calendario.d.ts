export interface EventoCalendario {
  uid: string;
  nome: string;
  data: string;
  hora: string;
  local: string;
  codigo?: string;
}
/** A row of staff's list of who has not confirmed (GET /api/confirmacoes/pendentes). */
export interface LinhaPendente {
  compromisso: string;
  agendamento: string;
  cliente: string;
  requerentes: string;
  data: string;
  hora: string;
  ate: string;
  estado: 'antes' | 'aberta' | 'encerrada';
}
declare const calendario: {
  CONFIRMACAO: { deDias: number; ateDias: number; avisoDias: number };
  /** Staff's pending confirmations as a compromissos filter, with {:hoje} and {:ate}. */
  FILTRO_PENDENTES: string;
  somarDias(dia: string, n: number): string;
  diaBR(dia: string): string;
  instantes(dia: string, hora: string): { inicio: string; fim: string };
  titulo(nome: string): string;
  linkGoogle(ev: EventoCalendario): string;
  ics(eventos: EventoCalendario[], agoraMs: number): string;
  janelaConfirmacao(
    dia: string,
    hoje: string,
  ): { de: string; ate: string; estado: 'antes' | 'aberta' | 'encerrada' };
  /** '' when "Já confirmei" may be recorded, else the server's pt-BR refusal. */
  recusaConfirmacao(p: {
    status: string;
    confirmacao: string;
    dia: string;
    hoje: string;
    cancelado: boolean;
  }): string;
  limiteFlex(dia: string, prazoDias: number): string;
  /** '' when a Flex request is accepted, else the server's pt-BR refusal. */
  recusaFlex(p: {
    status: string;
    flex: boolean;
    usadoEm: string;
    dia: string;
    hoje: string;
    prazoDias: number;
    motivo: string;
  }): string;
  motivoDoPedido(corpo: unknown, tipo: 'flex' | 'consulado'): string;
  nomes(lista: readonly string[]): string;
  quando(data: string, hora: string): string;
  confirmacao<T>(confirmadoEm: string | undefined, agora: T): { confirmado_em: T } | null;
  notaConfirmado(nomes: string, data: string, hora: string): string;
  notaCancelamento(
    tipo: 'flex' | 'consulado',
    nomes: string,
    data: string,
    hora: string,
    motivo: string,
  ): string;
  VOLTA_PARA_PRONTOS: {
    status_agendamento: 'ANALISE_OK';
    data_agendamento: '';
    hora_agendamento: '';
    local_agendamento: '';
  };
  ATENDIMENTO_DO_ZERO: { responsavel: ''; responsavel_nome: ''; pedido: ''; pronto: false };
  voltaParaProntos<T>(
    tipo: 'flex' | 'consulado',
    motivo: string,
    agora: T,
  ): {
    compromisso: { cancelamento: 'flex' | 'consulado'; cancelado_em: T };
    agendamento: {
      status_agendamento: 'ANALISE_OK';
      data_agendamento: '';
      hora_agendamento: '';
      local_agendamento: '';
      flex_usado_em?: T;
      flex_motivo?: string;
    };
    atendimento: { responsavel: ''; responsavel_nome: ''; pedido: ''; pronto: false };
  };
  linhaPendente(
    c: { id: string; data: string; hora: string },
    agendamento: string,
    cliente: string,
    requerentes: string,
    hoje: string,
  ): LinhaPendente;
};
export default calendario;
