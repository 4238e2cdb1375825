// A guest's create of an applicant, a document or a relayed value naming no booking passed these rules: with no
// booking, `agendamento.usuario` is empty, and so is a guest's `@request.auth.id`. The kit's hooks stopped it (the
// booking is looked up first: 404), but the rule is the one place that should say who may write. Each create rule
// now asks for a signed-in account first, and a guest gets the rule's 400 as on every other write.
const COLECOES = ['requerentes', 'documentos', 'retransmissoes'];
const COM_CONTA = "@request.auth.id != '' && ";

migrate(
  (app) => {
    COLECOES.forEach((nome) => {
      const colecao = app.findCollectionByNameOrId(nome);
      if (colecao.createRule.indexOf(COM_CONTA) !== 0) colecao.createRule = COM_CONTA + colecao.createRule;
      app.save(colecao);
    });
  },
  (app) => {
    COLECOES.forEach((nome) => {
      const colecao = app.findCollectionByNameOrId(nome);
      colecao.createRule = colecao.createRule.replace(COM_CONTA, '');
      app.save(colecao);
    });
  },
);
