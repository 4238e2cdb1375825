// The types of contas_comum.js for the app's TypeScript (PocketBase reads only the .js).
import type mensagens from './mensagens.json';

/** The checks contas_comum.js is given: comum.js's, with the field messages. */
export interface VerificacoesDaConta {
  erroNome(texto: unknown): string;
  cpfValido(texto: unknown): boolean;
  celularValido(texto: unknown): boolean;
  emailValido(texto: unknown): boolean;
  normalizarNome(texto: unknown): string;
  digitos(texto: unknown): string;
  credenciais: { readonly senhaMin: number; readonly senhaMax: number };
  mensagens: typeof mensagens;
}

export type ErrosDaConta = Record<string, { code: string; message: string }>;

declare const contasComum: {
  VERIFICACOES: VerificacoesDaConta;
  EDITAVEIS: readonly string[];
  DO_SERVIDOR: readonly string[];
  errosDoCadastro(
    body: Readonly<Record<string, unknown>>,
    v: VerificacoesDaConta,
    cpfEmUso: (cpf: unknown) => boolean,
  ): ErrosDaConta;
  errosDaAlteracao(body: Readonly<Record<string, unknown>>, v: VerificacoesDaConta): ErrosDaConta;
  contaGuardada(
    conta: { nome_completo?: unknown; cpf?: unknown; celular?: unknown },
    v: VerificacoesDaConta,
  ): { nome_completo: string; cpf: string; celular: string };
  chaveDeLogin(identidade: unknown): string;
  loginBloqueado(falhas: number, bloqueio: { falhas: number }): boolean;
  falhaQueBloqueia(falhas: number, bloqueio: { falhas: number }): boolean;
  emailLiberado(doTipo: number, doDia: number, emails: { porDia: number }): boolean;
};
export default contasComum;
