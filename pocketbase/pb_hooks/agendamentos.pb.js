// Bookings: staff may set the five statuses of the process, or keep one already stored (an older value).

onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/agenda.js`).validarAlteracao(e);
  e.next();
}, 'agendamentos');
