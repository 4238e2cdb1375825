type Recusa = { code: string; message: string } | null;
type ErrosDeCampo = Record<string, { code: string; message: string }>;
interface Compromisso {
  requerentes: string[];
  data: string;
  hora: string;
}
declare const diaComum: {
  MSG: Record<
    | 'soEquipe'
    | 'naoEncontrado'
    | 'comOutro'
    | 'naoAssumido'
    | 'naoPronto'
    | 'tipo'
    | 'estado'
    | 'estadoEquipe'
    | 'emailInvalido'
    | 'emailEmpresa'
    | 'emailOutro'
    | 'celularOutro'
    | 'notaOutro'
    | 'requerenteDeOutro'
    | 'consuladoCodigo'
    | 'fuso'
    | 'codigo'
    | 'senha'
    | 'naoPedido'
    | 'apenasEquipe'
    | 'semAtivo'
    | 'dataPassada',
    string
  >;
  RESULTADOS: Record<string, string>;
  ESTADOS_CONTA: string[];
  PEDIDOS: string[];
  /** seconds a relayed value lives unless RETRANSMISSAO_VIDA_S says otherwise */
  VIDA_PADRAO_S: number;
  /** the booking's active appointments (not cancelled), earliest first */
  ativos: {
    <T extends { data: string; hora: string; cancelamento?: string }>(compromissos: readonly T[]): T[];
    <T>(compromissos: readonly T[], ler: (compromisso: T, campo: string) => string): T[];
  };
  CAMPOS_CONSULADO: string[];
  CAMPOS_DA_EQUIPE: Record<'atendimentos' | 'tentativas_agendamento', string[]>;
  semEquipe<T extends object>(colecao: string, registro: T): Partial<T>;
  motivoValor(tipo: string, valor: string): string;
  completo(tipo: string, valor: string, jaEnviado: boolean, enviar: unknown): boolean;
  recusaDaRetransmissao(pedido: string, tipo: string): { status: 409; message: string } | null;
  entrega<T>(agora: T): { retransmissao: { enviado_em: T }; atendimento: { entregue_em: T } };
  fimDaRetransmissao<T>(
    registro: { tipo: string; valor: string; enviado_em: string },
    enviar: unknown,
    agora: T,
    hora: string,
  ): { retransmissao: { enviado_em: T }; atendimento: { entregue_em: T }; nota: string } | null;
  notaRecebido(tipo: string, hora: string): string;
  notaPedido(tipo: string, hora: string): string;
  notaDoPasso(acao: string, tipo: string, hora: string): string;
  notaTentativa(resultado: string, nota: string): string;
  /** what staff's attempt writes on the handling: a wrong or expired code, when it was refused */
  tentativaNoAtendimento<T>(resultado: string, agora: T): { recusado_em: T } | null;
  /** where the customer stands on what staff ask for, from the booking's handling */
  estadoDoPedido(
    atendimento: {
      pedido: string;
      pedido_em?: string;
      entregue_em?: string;
      recusado_em?: string;
    } | null,
  ): '' | 'pedido' | 'recebido' | 'recusado';
  notaEstadoConta(nome: string, antes: string, estado: string): string;
  errosDoPedido(tipo: string): ErrosDeCampo;
  errosDoEstadoConta(estado: string): ErrosDeCampo;
  errosDaTentativa(
    resultado: string,
    nota: string,
    atendimento: { pedido_em?: string; entregue_em?: string } | null,
  ): ErrosDeCampo;
  recusaDoCompromisso(camposEnviados: string[]): string;
  recusaDaData(antes: string | null | undefined, depois: string | null | undefined, hoje: string): Recusa;
  errosDosRequerentes(enviados: readonly string[], doAgendamento: readonly string[]): ErrosDeCampo;
  errosDoCompromisso(c: {
    requerentes: readonly string[];
    doAgendamento: readonly string[];
    dataAntes: string;
    data: string;
    hoje: string;
  }): ErrosDeCampo;
  lerJson(texto: string): unknown;
  errosDoConsulado(
    corpo: Record<string, unknown>,
    codigo: string,
    depois: { janelas: string; fuso: string },
  ): ErrosDeCampo;
  recusaContato(
    campo: 'prenotami_email' | 'prenotami_celular',
    valor: string,
    empresa: string[],
    deOutro: (valor: string) => boolean,
    celularOk: boolean,
    celularInvalido: string,
  ): Recusa;
  contatosDoPrenotami(
    corpo: Record<string, unknown>,
    p: {
      empresa(): { emails: string[]; celulares: string[] };
      deOutro(campo: 'prenotami_email' | 'prenotami_celular', valor: string): boolean;
      digitos?(texto: string): string;
      celularValido?(texto: string): boolean;
      celularInvalido?: string;
    },
  ): {
    valores: Partial<Record<'prenotami_email' | 'prenotami_celular', string>>;
    erros: ErrosDeCampo;
  };
  cobertura<T extends Compromisso>(
    requerentes: string[],
    compromissos: T[],
  ): { lista: T[]; primeiro: T | null };
  localDe(nome: string, endereco: string): string;
  atendimentoNovo(
    agendamento: string,
    consulado: string,
  ): {
    agendamento: string;
    consulado: string;
    janela: '';
    aviso_em: '';
    responsavel: '';
    responsavel_nome: '';
    pronto: false;
    pronto_em: '';
    pedido: '';
    pedido_em: '';
    entregue_em: '';
    recusado_em: '';
  };
  acaoDoAtendimento(
    acao: 'assumir' | 'soltar' | 'pedir' | 'pronto',
    atendimento: { responsavel: string; responsavel_nome: string },
    pronto: boolean,
    quem: { id: string; nome: string },
    tipo: string,
    agora: string,
  ):
    | { erro: { status: number; message: string }; valores?: undefined }
    | { erro?: undefined; valores: Record<string, string | boolean> };
  semResponsavel(valores: object): boolean;
  agendado(
    primeiro: { data: string; hora: string; local: string } | null,
    statusAgendamento: string,
  ): {
    status_agendamento: 'AGENDADO';
    data_agendamento: string;
    hora_agendamento: string;
    local_agendamento: string;
  } | null;
  recusaCancelamento(p: {
    equipe: boolean;
    existe: boolean;
    status: string;
    ativos: number;
  }): { status: 403 | 404 | 400; message: string } | null;
  /** The owner's readiness (said at prontoEmMs) holds for the window starting at inicioMs. */
  prontoParaJanela(prontoEmMs: number, inicioMs: number, antecedenciaMs: number): boolean;
};
export default diaComum;
