// A record's id is the server's: a customer creating an applicant, a document or a relayed value may not choose it
// (registration and the deletion request already refuse one, with the kit's message). The create rules say so, and
// the demo double, which reads these rules (src/mocks/rules.ts), refuses it the same way.
const COLECOES = ['requerentes', 'documentos', 'retransmissoes'];
const SEM_ID = ' && @request.body.id:isset = false';

migrate(
  (app) => {
    COLECOES.forEach((nome) => {
      const colecao = app.findCollectionByNameOrId(nome);
      if (colecao.createRule.indexOf(SEM_ID) < 0) colecao.createRule = colecao.createRule + SEM_ID;
      app.save(colecao);
    });
  },
  (app) => {
    COLECOES.forEach((nome) => {
      const colecao = app.findCollectionByNameOrId(nome);
      colecao.createRule = colecao.createRule.replace(SEM_ID, '');
      app.save(colecao);
    });
  },
);
