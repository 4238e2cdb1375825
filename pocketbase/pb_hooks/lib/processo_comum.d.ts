// The types of processo_comum.js for the app's TypeScript (PocketBase reads only the .js).
type Regras = typeof import('./processo_regras.json');
declare const processoComum: {
  dataValida(texto: string): boolean;
  idade(nascimento: string, hoje: string): number;
  erroNascimento(nascimento: string, hoje: string, regras: Regras): string;
  ehMenor(nascimento: string, hoje: string, regras: Regras): boolean;
  errosDeDados(
    antes: object | null,
    depois: object,
    hoje: string,
    regras: Regras,
    cpfValido: (cpf: string) => boolean,
    camposDeTexto?: readonly string[],
  ): Record<string, { code: string; message: string }>;
  travadoParaCliente(statusAgendamento: string, regras: Regras): boolean;
  camposDeDados(nomes: string[], regras: Regras): string[];
  soContaDoPortal(camposMudados: string[], regras: Regras): boolean;
  contaTravada(statusAgendamento: string, regras: Regras): boolean;
  encerrado(
    agendamento: { status_agendamento: string; arquivos_excluidos_em?: string },
    encerrados: readonly string[],
  ): boolean;
  recusaAoCliente(
    agendamento: { status_agendamento: string; arquivos_excluidos_em?: string },
    soConta: boolean,
    encerrados: readonly string[],
    regras: Regras,
  ): string;
  recusaDaAlteracao(
    agendamento: { status_agendamento: string; arquivos_excluidos_em?: string },
    mudados: readonly string[],
    encerrados: readonly string[],
    regras: Regras,
  ): string;
  camposApagados(nomes: string[], regras: Regras): string[];
  nomeDoCampo(campo: string, regras: Regras): string;
  linhaAposRetencao<T extends { campo: string; de: string; para: string }>(linha: T, regras: Regras): T;
  mudancas<T>(
    antes: T,
    depois: T,
    campos: string[],
    valor: (registro: T, campo: string) => string,
  ): { campo: string; de: string; para: string }[];
  notaDoStatus(statusAntes: string, notaAntes: string, statusDepois: string, notaDepois: string): string;
  caixaPostal(email: string): string;
  consuladoDaUf(uf: string, regras: Regras): string;
  resumoDaLista(
    requerentes: readonly { uf: string }[],
    documentos: readonly { status: string }[],
    regras: Regras,
  ): { consulado: string; documentacao: 'pendente' | 'em_analise' | 'recusada' | 'aprovada' };
  itensPara(tipo: 'adulto' | 'menor', regras: Regras): Regras['itens'];
  nomeRequerente(requerente: { nome: string; sobrenome: string }, regras: Regras): string;
  ARQUIVO: { enviado: 'arquivo enviado'; substituido: 'arquivo substituído' };
  DOCUMENTO_NOVO: { readonly status: 'pendente' };
  linhasDoDocumento(rotulo: string, acao: string): { campo: 'documento'; de: string; para: string }[];
  linhasDaCorrecao(
    nome: string,
    mudancas: readonly { campo: string; de: string; para: string }[],
    regras: Regras,
  ): { campo: string; de: string; para: string }[];
  limitesDoServico(tipoServico: string, regras: Regras): { min: number; max: number };
  recusaDoNovoRequerente(quantos: number, max: number, regras: Regras): string;
  recusaDaRemocao(aprovados: number, regras: Regras): string;
  recusaDoDocumento(
    item: string,
    quantos: number,
    regras: Regras,
  ): { mensagem: string; erros: Record<string, { code: string; message: string }> } | null;
  recusaDosArquivos(
    nomes: readonly string[],
    substitui: boolean,
    regras: Regras,
  ): { mensagem: string; erros: Record<string, { code: string; message: string }> } | null;
  envioLiberado(recentes: number, limite: { porConta: number; janelaSeg: number }): boolean;
  rotuloDoDocumento(
    requerente: { nome: string; sobrenome: string } | null,
    item: string,
    regras: Regras,
  ): string;
  motivoDe(documento: { motivo: string; motivo_texto: string }, regras: Regras): string;
  revisao(
    antes: { status: string },
    depois: { status: string; motivo: string; motivo_texto: string },
    regras: Regras,
  ):
    | { erros: Record<string, { code: string; message: string }> }
    | { revisado: boolean; motivo: string; motivo_texto: string; acao: string };
  camposDaRevisao<T>(
    resultado: { revisado: boolean; motivo: string; motivo_texto: string },
    revisor: string,
    agora: T,
  ): { motivo?: string; motivo_texto?: string; revisado_por?: string; revisado_em?: T };
  substituicao(antes: { status: string; reenviado: boolean }): {
    status: 'pendente';
    motivo: '';
    motivo_texto: '';
    reenviado: boolean;
  };
  correcao(
    mudancas: readonly unknown[],
    enviado: boolean,
    equipe: boolean,
    documentos: readonly { id: string; status: string }[],
  ): {
    formulario: boolean;
    avisar: boolean;
    revisar: { id: string; campos: { status: 'em_analise' } }[];
  } | null;
  correcaoDoRequerente<T>(
    antes: T,
    depois: T,
    campos: string[],
    texto: (registro: T, campo: string) => string,
    equipe: boolean,
    documentos: readonly { id: string; status: string }[],
    regras: Regras,
  ): {
    formulario: boolean;
    avisar: boolean;
    revisar: { id: string; campos: { status: 'em_analise' } }[];
    linhas: { campo: string; de: string; para: string }[];
    requerente: string;
    campos: string[];
  } | null;
  porLimite(umSo: string, varios: string, limite: { min?: number; max: number }): string;
  pendencias(
    requerente: object,
    documentos: readonly { item: string; arquivos: readonly string[]; status: string }[],
    hoje: string,
    regras: Regras,
    cpfValido: (cpf: string) => boolean,
  ): string[];
  resumo(
    requerentes: readonly { nome: string; sobrenome: string; uf: string; data_nascimento: string }[],
    hoje: string,
    anterior: string,
    regras: Regras,
  ): string;
  problemasDoEnvio(
    requerentes: readonly object[],
    documentos: readonly { requerente: string; item: string; arquivos: readonly string[]; status: string }[],
    limite: { min: number; max: number },
    hoje: string,
    regras: Regras,
    cpfValido: (cpf: string) => boolean,
  ): string[];
  notaDeRecusa(
    recusados: readonly { rotulo: string; motivo: string; motivo_texto: string }[],
    regras: Regras,
  ): string;
  envio<T>(
    documentos: readonly { id: string; status: string; reenviado?: boolean }[],
    requerentes: readonly { id: string; enviado_em?: string }[],
    agora: T,
  ): {
    documentos: { id: string; acao: string; campos: { status: 'em_analise' } }[];
    requerentes: { id: string; campos: { enviado_em: T } }[];
  };
  envioDoCaso<R extends { id: string; enviado_em?: string }, T>(
    caso: {
      agendamento: { usuario: string; status_agendamento: string; arquivos_excluidos_em?: string } | null;
      usuario: string;
      requerentes: readonly (R & { nome: string; sobrenome: string; uf: string; data_nascimento: string })[];
      documentos: readonly {
        id: string;
        requerente: string;
        item: string;
        arquivos: readonly string[];
        status: string;
        reenviado?: boolean;
      }[];
      limite: { min: number; max: number } | null;
      hoje: string;
      agora: T;
      encerrados: readonly string[];
    },
    regras: Regras,
    cpfValido: (cpf: string) => boolean,
  ):
    | { recusa: { status: number; message: string; data: Record<string, unknown> } }
    | {
        documentos: { id: string; acao: string; campos: { status: 'em_analise' } }[];
        requerentes: { id: string; campos: { enviado_em: T } }[];
        formulario: string;
      };
  conclusaoDaRevisao<D extends { status: string; motivo: string; motivo_texto: string }>(
    documentos: readonly D[],
    rotuloDe: (documento: D) => string,
    regras: Regras,
  ): { status_agendamento: 'ANALISE_ERRO'; nota_cliente: string } | null;
};
export default processoComum;
