export interface Janela {
  dia: number;
  hora: string;
  servico?: string;
}
declare const janelas: {
  /** the consulates' time zone, 'America/Sao_Paulo' */
  FUSO_PADRAO: string;
  FUSOS: Record<string, number>;
  DIAS: string[];
  deslocamento(fuso: string): number | null;
  validarJanelas(janelas: unknown): string;
  proximaJanela(
    janelas: Janela[],
    fuso: string,
    agoraMs: number,
    toleranciaMs?: number,
  ): { inicioMs: number; servico: string } | null;
  janelaAnterior(janelas: Janela[], fuso: string, agoraMs: number): number | null;
  janelaEmCurso(
    consulado:
      | { janelas_estado?: string; janelas?: Janela[] | string | null; fuso: string }
      | null
      | undefined,
    agoraMs: number,
  ): number | null;
  horaLocal(ms: number, fuso?: string, segundos?: boolean): string;
  diaLocal(ms: number, fuso?: string): string;
  diaDaSemana(ms: number, fuso?: string): string;
  quando(inicioMs: number, fuso: string, agoraMs: number): string;
};
export default janelas;
