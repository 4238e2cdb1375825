// Bookings: staff may set the five statuses of the process, or keep one already stored (an older value); a
// save from a stale copy is refused (If-Match); every change is recorded and the customer e-mailed a new status
// (lib/agenda.js).

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/agenda.js`).salvar(e);
}, 'agendamentos');
