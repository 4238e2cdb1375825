export type GarantiaTentativa = 'conta' | 'correcao' | 'documentos' | 'codigo' | 'fora';
declare const garantia: {
  classificar(caso: {
    ativa: boolean;
    status: string;
    janelaMs: number;
    resultado?: string;
    documentosPendentes: boolean;
    pedido: string;
    pedidoEmMs: number;
    entregueEmMs: number;
  }): GarantiaTentativa;
  marcasDaTentativa(caso: {
    ativa: boolean;
    status: string;
    janelaMs: number;
    /** the attempt's result: 'codigo_errado' marks it 'codigo' */
    resultado: string;
    documentos: readonly string[];
    atendimento: { pedido?: string; pedido_em?: string; entregue_em?: string } | null;
  }): { janela: string; garantia: GarantiaTentativa };
  msDe(data: string | undefined): number;
  voltaDe(compromissos: readonly { cancelado_em?: string }[]): number;
  avaliar(
    n: number,
    tentativas: { janelaMs: number; garantia: string; criadoMs: number }[],
    atualMs: number | null,
    voltaMs?: number,
  ): { contadas: number; restantes: number; vencida: boolean };
  janelasTexto(n: number): string;
  termos(n: number): string;
  andamento(n: number, restantes: number): string;
  MSG: Record<'historico' | 'assunto' | 'descricaoAsaas', string>;
};
export default garantia;
