export interface EventoStatus {
  agendamento: string;
  consulado: string;
  para: string;
  em: string;
}
export interface MesEspera {
  mes: string;
  casos: number;
  mediana: number | null;
}
export interface EsperaConsulado {
  codigo: string;
  nome: string;
  casos: number;
  mediana: number | null;
  p80: number | null;
  poucosDados: boolean;
  meses: MesEspera[];
}
export interface ResumoEspera {
  geradoEm: string;
  janelaDias: number;
  minimoCasos: number;
  consulados: EsperaConsulado[];
}
/** A history entry as the figures read it. */
export interface HistoricoStatus {
  agendamento: string;
  created: string;
  alteracoes: readonly { campo: string; para?: string | null }[] | null;
}
export interface Pronto {
  id: string;
  prontoEm: string;
}
/** What the booking's owner sees of the wait (GET /api/agendamentos/{id}/espera). */
export interface EsperaDoCliente {
  consulado: EsperaConsulado | null;
  antes: number | null;
  frase: string | null;
}
/** Staff's figures and queues (GET /api/espera/equipe). */
export interface EsperaDaEquipe {
  resumo: ResumoEspera;
  filas: {
    codigo: string;
    prontos: number;
    maisAntigos: { id: string; nome: string; prontoEm: string; dias: number }[];
  }[];
}
declare const espera: {
  MAIS_ANTIGOS: number;
  HISTORICO_DIAS: number;
  consulados(REGRAS: { consulados: Record<string, { nome: string }> }): { codigo: string; nome: string }[];
  historicoDesde(agoraMs: number): string;
  eventosDe(
    historico: readonly HistoricoStatus[],
    consuladoDe: (agendamento: string) => string | null,
    agoraMs: number,
  ): EventoStatus[];
  prontosDe(
    agendamentos: readonly { id: string; status_agendamento: string; consulado: string; updated: string }[],
    historico: readonly HistoricoStatus[],
    codigo: string,
  ): Pronto[];
  JANELA_DIAS: number;
  CACHE_MINUTOS: number;
  MINIMO_CASOS: number;
  POUCOS_DADOS: string;
  diaSP(instante: number): number;
  mediana(ordenados: number[]): number | null;
  p80(ordenados: number[]): number | null;
  esperas(
    eventos: EventoStatus[],
    agoraMs: number,
  ): { agendamento: string; consulado: string; dias: number; agendadoEm: number }[];
  mesesDaJanela(agoraMs: number): string[];
  resumo(
    eventos: EventoStatus[],
    agoraMs: number,
    consulados: { codigo: string; nome: string }[],
  ): ResumoEspera;
  antesDe(prontos: Pronto[], id: string): number | null;
  maisAntigos(prontos: Pronto[], agoraMs: number, n: number): (Pronto & { dias: number })[];
  fraseFila(antes: number): string;
  esperaDoCliente(
    resumo: ResumoEspera,
    codigo: string,
    status: string,
    prontos: () => Pronto[],
    id: string,
  ): EsperaDoCliente;
  esperaDaEquipe(
    resumo: ResumoEspera,
    prontosDe: (codigo: string) => (Pronto & { nome: string })[],
    agoraMs: number,
  ): EsperaDaEquipe;
  dias(n: number): string;
  mesCurto(mes: string): string;
  fraseNumeros(c: EsperaConsulado): string;
  fraseConsulado(c: EsperaConsulado): string;
};
export default espera;
