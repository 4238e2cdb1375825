export interface EventoCalendario {
  uid: string;
  nome: string;
  data: string;
  hora: string;
  local: string;
  codigo?: string;
}
declare const calendario: {
  CONFIRMACAO: { deDias: number; ateDias: number };
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
};
export default calendario;
