// The types of webhook_comum.js for the app's TypeScript (PocketBase reads only the .js).
import type regras from './regras.json';

declare const webhookComum: {
  INDISPONIVEL: string;
  SEM_ID: string;
  contaEvento(evento: string, R: typeof regras): boolean;
  ignorado(evento: string, conhecido: boolean, temCobranca: boolean, R: typeof regras): string | null;
  leituraDoAsaas<T extends object>(resposta: {
    status: number;
    json: unknown;
  }): { achado: T | null; indisponivel?: undefined } | { indisponivel: true; achado?: undefined };
  buscasDoPagamento(pagamento: {
    id?: unknown;
    installment?: unknown;
    externalReference?: unknown;
  }): Record<string, string>[];
  resultado(cobranca: { id: string; status: string; duplicada?: boolean }): string;
};
export default webhookComum;
