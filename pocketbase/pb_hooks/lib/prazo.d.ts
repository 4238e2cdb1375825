declare const prazo: {
  /** São Paulo's time zone, where the consulates, staff and customers are. */
  FUSO: 'America/Sao_Paulo';
  /** Its offset in minutes east of UTC (-180). */
  FUSO_MIN: number;
  /** The same offset in milliseconds west of UTC (10,800,000). */
  FUSO_MS: number;
  diaSaoPaulo(agoraMs?: number): string;
  ultimoDiaDesistencia(pagoEmMs: number, dias: number): string;
};
export default prazo;
