declare const prazo: {
  diaSaoPaulo(agoraMs?: number): string;
  ultimoDiaDesistencia(pagoEmMs: number, dias: number): string;
};
export default prazo;
