// The types of historico_comum.js for the app's TypeScript (PocketBase reads only the .js).
declare const historicoComum: {
  alteracoes<T>(
    campos: readonly string[],
    antes: T,
    depois: T,
    texto: (registro: T, campo: string) => string,
  ): { campo: string; de: string; para: string }[];
};
export default historicoComum;
