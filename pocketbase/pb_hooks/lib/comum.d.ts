// The types of comum.js for the app's TypeScript (PocketBase reads only the .js).
declare const comum: {
  ARROBA: string;
  MAX_BUSCA: number;
  arroba(texto: string): string;
  digitos(texto: string): string;
  normalizar(texto: string): string;
  textoBusca(nome: string, email: string, cpf: string, celular: string): string;
  termoBusca(texto: string): string;
  chavesBusca(
    email: string,
    cpf: string,
    celular: string,
  ): { busca_cpf: string; busca_email: string; busca_celular: string };
  buscaIndexada(chave: string): string | null;
  centavos(reais: number): number;
  reais(valor: number): string;
  parcelamento(total: number, parcelas: number): { valor: number; ultima: number; total: number };
  validarPedido(
    body: Record<string, unknown>,
    metodo: 'cartao_credito' | 'pix',
    regras: typeof import('./regras.json'),
  ):
    | { tipo: 'individual' | 'familiar'; flex: boolean; total: number; parcelas: number; valor: number }
    | { erro: { campo: string; mensagem: string } };
  comDigitosCpf(base9: string): string;
  cpfValido(texto: unknown): boolean;
  celularValido(texto: unknown): boolean;
  normalizarNome(texto: unknown): string;
  erroNome(texto: unknown, mensagens: typeof import('./mensagens.json')): string;
  erroNomeProprio(texto: unknown, mensagens: typeof import('./mensagens.json')): string;
  erroInvisivel(texto: unknown, multilinha: boolean, mensagens: typeof import('./mensagens.json')): string;
  CREDENCIAIS: { readonly emailMax: number; readonly senhaMin: number; readonly senhaMax: number };
  emailValido(texto: unknown): boolean;
  textoLongo(max: number): string;
  maximosDeTexto(
    campos: readonly { name: string; type: string; max?: unknown; system?: boolean }[],
  ): Record<string, number>;
  errosDeTamanho<E extends Record<string, { code: string; message: string }>>(
    valores: Readonly<Record<string, unknown>>,
    maximos: Readonly<Record<string, number>>,
    erros: E,
  ): E & Record<string, { code: string; message: string }>;
  vezLiberada(anteriorMs: number, agoraMs: number, intervaloMs: number): boolean;
};
export default comum;
