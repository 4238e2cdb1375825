// The types of webhook_comum.js for the app's TypeScript (PocketBase reads only the .js).
import type regras from './regras.json';

declare const webhookComum: {
  contaEvento(evento: string, R: typeof regras): boolean;
  ignorado(evento: string, conhecido: boolean, temCobranca: boolean, R: typeof regras): string | null;
  statusDoEvento(evento: string, doAsaas: string, R: typeof regras): string;
  resultado(cobranca: { id: string; status: string; duplicada?: boolean }): string;
};
export default webhookComum;
