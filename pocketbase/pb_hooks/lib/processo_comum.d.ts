// The types of processo_comum.js for the app's TypeScript (PocketBase reads only the .js).
type Regras = typeof import('./processo_regras.json');
declare const processoComum: {
  dataValida(texto: string): boolean;
  idade(nascimento: string, hoje: string): number;
  erroNascimento(nascimento: string, hoje: string, regras: Regras): string;
  ehMenor(nascimento: string, hoje: string, regras: Regras): boolean;
  travadoParaCliente(statusAgendamento: string, regras: Regras): boolean;
  camposDeDados(nomes: string[], regras: Regras): string[];
  soContaDoPortal(camposMudados: string[], regras: Regras): boolean;
  contaTravada(statusAgendamento: string, regras: Regras): boolean;
  camposApagados(nomes: string[], regras: Regras): string[];
  nomeDoCampo(campo: string, regras: Regras): string;
  mudancas<T>(
    antes: T,
    depois: T,
    campos: string[],
    valor: (registro: T, campo: string) => string,
  ): { campo: string; de: string; para: string }[];
  notaDoStatus(statusAntes: string, notaAntes: string, statusDepois: string, notaDepois: string): string;
  caixaPostal(email: string): string;
};
export default processoComum;
