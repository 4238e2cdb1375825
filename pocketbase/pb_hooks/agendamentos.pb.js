// Bookings: staff may set the five statuses of the process, or keep one already stored (an older value); a
// save from a stale copy is refused (If-Match); every change is recorded and the customer e-mailed a new status
// (lib/agenda.js).

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/agenda.js`).salvar(e);
}, 'agendamentos');

// Each booking carries its customer's search column (usuarios.busca), copied on every save of the booking and
// refreshed when the account changes (usuarios.pb.js), so the staff search filters the bookings alone; and its
// case file's summary (consulado, documentacao: lib/processo_resumo.js), refreshed by processo.pb.js; and its
// order's service invoice state (nota_status: lib/notas.js), refreshed by notas.js; and its status's place in the
// process (status_ordem: lib/status_ordem.js), which the staff list sorts by.
onRecordCreate((e) => {
  require(`${__hooks}/lib/busca.js`).copiarParaAgendamento(e.app, e.record);
  require(`${__hooks}/lib/processo_resumo.js`).copiarParaAgendamento(e.app, e.record);
  require(`${__hooks}/lib/notas.js`).copiarParaAgendamento(e.app, e.record);
  require(`${__hooks}/lib/status_ordem.js`).copiarParaAgendamento(e.record);
  e.next();
}, 'agendamentos');

onRecordUpdate((e) => {
  require(`${__hooks}/lib/busca.js`).copiarParaAgendamento(e.app, e.record);
  require(`${__hooks}/lib/processo_resumo.js`).copiarParaAgendamento(e.app, e.record);
  require(`${__hooks}/lib/notas.js`).copiarParaAgendamento(e.app, e.record);
  require(`${__hooks}/lib/status_ordem.js`).copiarParaAgendamento(e.record);
  e.next();
}, 'agendamentos');
