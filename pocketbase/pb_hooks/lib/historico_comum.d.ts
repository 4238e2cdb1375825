// The types of historico_comum.js for the app's TypeScript (PocketBase reads only the .js).
declare const historicoComum: {
  alteracoes<T>(
    campos: readonly string[],
    antes: T,
    depois: T,
    texto: (registro: T, campo: string) => string,
  ): { campo: string; de: string; para: string }[];
  autoria(
    quem: { id: string; nome: string } | { superusuario: string } | null,
    sistema: string,
  ): { autor: string; autor_nome: string };
  camposDoEmail(envio: { para: string; enviado: boolean; assunto: string }): {
    email_para: string;
    email_status: 'ENVIADO' | 'FALHOU';
    email_assunto: string;
  };
};
export default historicoComum;
