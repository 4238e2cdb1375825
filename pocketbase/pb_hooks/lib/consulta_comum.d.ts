declare const consultaComum: {
  RECUSA_VIA: string;
  recusaDaConsulta(filtro: string | null | undefined, ordem: string | null | undefined): string;
  recusaDaAssinatura(topico: string): string;
};
export default consultaComum;
