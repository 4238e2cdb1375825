// Who on staff handled a case is staff's to know (the export already says 'Equipe'): the holder of the day's handling
// and the author of each attempt are hidden fields, so a customer neither reads nor filters or sorts on them; staff
// read them through dia.pb.js's onRecordEnrich, and the relay's rules still name the holder (rules read hidden fields).
const CAMPOS = {
  atendimentos: ['responsavel', 'responsavel_nome'],
  tentativas_agendamento: ['autor', 'autor_nome'],
};

function ocultar(app, oculto) {
  Object.keys(CAMPOS).forEach((nome) => {
    const colecao = app.findCollectionByNameOrId(nome);
    CAMPOS[nome].forEach((campo) => {
      colecao.fields.getByName(campo).hidden = oculto;
    });
    app.save(colecao);
  });
}

migrate(
  (app) => ocultar(app, true),
  (app) => ocultar(app, false),
);
