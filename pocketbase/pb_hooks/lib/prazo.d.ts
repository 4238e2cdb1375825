declare const prazo: {
  ultimoDiaDesistencia(pagoEmMs: number, dias: number): string;
};
export default prazo;
