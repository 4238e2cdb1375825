// An attempt can end because the code the customer handed over was wrong or expired ('codigo_errado'). The
// guarantee (lib/garantia_comum.js) counts a window only when the customer owed nothing in it; a wrong code is a
// code still owed, so such an attempt is marked 'codigo' like one made while the code was asked for and not handed
// over. Without it, any six digits finished a relay and the window counted.
const ANTES = ['sem_vagas', 'codigo_nao_chegou', 'portal_fora', 'agendado', 'outro'];
const DEPOIS = ['sem_vagas', 'codigo_nao_chegou', 'codigo_errado', 'portal_fora', 'agendado', 'outro'];

function valores(app, lista) {
  const tentativas = app.findCollectionByNameOrId('tentativas_agendamento');
  tentativas.fields.getByName('resultado').values = lista;
  app.save(tentativas);
}

migrate(
  (app) => valores(app, DEPOIS),
  (app) => valores(app, ANTES),
);
