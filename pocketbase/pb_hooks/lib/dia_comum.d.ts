type Recusa = { code: string; message: string } | null;
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
    | 'consuladoCodigo'
    | 'fuso'
    | 'codigo'
    | 'senha'
    | 'naoPedido',
    string
  >;
  RESULTADOS: Record<string, string>;
  ESTADOS_CONTA: string[];
  PEDIDOS: string[];
  motivoValor(tipo: string, valor: string): string;
  completo(tipo: string, valor: string, jaEnviado: boolean, enviar: unknown): boolean;
  notaRecebido(tipo: string, hora: string): string;
  notaPedido(tipo: string, hora: string): string;
  notaTentativa(resultado: string, nota: string): string;
  recusaContato(
    campo: 'prenotami_email' | 'prenotami_celular',
    valor: string,
    empresa: string[],
    deOutro: (valor: string) => boolean,
    celularOk: boolean,
    celularInvalido: string,
  ): Recusa;
  cobertura<T extends Compromisso>(
    requerentes: string[],
    compromissos: T[],
  ): { lista: T[]; primeiro: T | null };
  localDe(nome: string, endereco: string): string;
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
  agendado(
    primeiro: { data: string; hora: string; local: string } | null,
    statusAgendamento: string,
  ): {
    status_agendamento: 'AGENDADO';
    data_agendamento: string;
    hora_agendamento: string;
    local_agendamento: string;
  } | null;
};
export default diaComum;
