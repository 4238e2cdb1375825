// The case file (lib/processo.js): applicants within the service's count, each document's item and file count,
// the owner's replacements and staff's reviews with their history, 'Enviar para análise', and the retention
// job that deletes a closed case's files.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/processo.js`).criarRequerente(e);
}, 'requerentes');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/processo.js`).salvarRequerente(e);
}, 'requerentes');

onRecordDeleteRequest((e) => {
  require(`${__hooks}/lib/processo.js`).validarRemocaoRequerente(e);
  e.next();
}, 'requerentes');

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/processo.js`).criarDocumento(e);
}, 'documentos');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/processo.js`).salvarDocumento(e);
}, 'documentos');

onRecordValidate((e) => {
  require(`${__hooks}/lib/processo.js`).validarDocumento(e.record);
  e.next();
}, 'documentos');

onRecordCreate((e) => {
  require(`${__hooks}/lib/processo.js`).marcarEncerramento(e.record);
  e.next();
}, 'agendamentos');

onRecordUpdate((e) => {
  require(`${__hooks}/lib/processo.js`).marcarEncerramento(e.record);
  e.next();
}, 'agendamentos');

routerAdd(
  'POST',
  '/api/processo/{id}/enviar',
  (e) => require(`${__hooks}/lib/processo.js`).enviar(e),
  $apis.requireAuth('usuarios'),
);

// Daily at 04:00 UTC; superusers can also run it at once (POST /api/crons/processo_retencao).
cronAdd('processo_retencao', '0 4 * * *', () => {
  require(`${__hooks}/lib/processo.js`).aplicarRetencao($app);
});

// The booking's case summary for the staff list (lib/processo_resumo.js): after any save or removal of an
// applicant or a document, whoever made it (the owner, staff, the review, the retention job, a cascade).
onRecordCreate((e) => require(`${__hooks}/lib/processo_resumo.js`).aoMudar(e), 'requerentes', 'documentos');
onRecordUpdate((e) => require(`${__hooks}/lib/processo_resumo.js`).aoMudar(e), 'requerentes', 'documentos');
onRecordDelete((e) => require(`${__hooks}/lib/processo_resumo.js`).aoMudar(e), 'requerentes', 'documentos');
