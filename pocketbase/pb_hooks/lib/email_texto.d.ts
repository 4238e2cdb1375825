import type regras from './regras.json';

export interface DadosStatus {
  /** the customer's full name */
  nome: string;
  /** the stored booking day ('2026-12-15...'), or '' */
  data: string;
  /** 'HH:mm' or '' */
  hora: string;
  local: string;
  /** the staff note (nota_cliente) */
  nota: string;
  /** the app's public address, which the e-mail links to */
  appUrl: string;
  compromissos?: { quem: string; quando: string; local?: string; codigo?: string; google?: string }[];
}

/** An e-mail of HTML paragraphs (the signature left to the sender). */
export interface Mensagem {
  assunto: string;
  paragrafos: string[];
}

declare const emailTexto: {
  ASSINATURA: string;
  emailsDaDesistencia(
    resultado: 'estornada' | 'encaminhada',
    dados: { nome: string; valor: string },
  ): { cliente: Mensagem | null; equipe: Mensagem };
  emailDoEstorno(
    dados: { nome: string; antes: number; total: number; encerrado: boolean; cartao: boolean },
    reais: (valor: number) => string,
  ): Mensagem | null;
  alertasDoProcesso: {
    enviado(d: { nome: string; documentos: number; appUrl: string; agendamento: string }): Mensagem;
    corrigido(d: {
      nome: string;
      requerente: string;
      campos: string[];
      appUrl: string;
      agendamento: string;
    }): Mensagem;
  };
  emailDeBloqueio(bloqueio: { falhas: number; janelaMin: number }): Mensagem;
  alertasDaCobranca: {
    duplicada(asaasId: string, estornada: boolean): Mensagem;
    divergente(asaasId: string, preco: string): Mensagem;
    posPagamento(texto: string, dados: { nome: string; asaasId: string; total: string }): Mensagem;
  };
  escapar(texto: unknown): string;
  textoPuro(html: string): string;
  textoDoHtml(html: string): string;
  textoDoEmail(paragrafos: string[], comLinks?: boolean): string;
  linhaStatus(status: string, r: typeof regras): string;
  diaBR(pbData: string): string;
  mensagemStatus(status: string, dados: DadosStatus, r: typeof regras): Mensagem | null;
  mensagemDoAgendamento(
    agendamento: {
      status_agendamento: string;
      data_agendamento?: string;
      hora_agendamento?: string;
      local_agendamento?: string;
      nota_cliente?: string;
    },
    nome: string,
    appUrl: string,
    compromissos: DadosStatus['compromissos'] | undefined,
    r: typeof regras,
  ): Mensagem | null;
};
export default emailTexto;
