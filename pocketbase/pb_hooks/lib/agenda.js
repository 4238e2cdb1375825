// What staff may write on a booking.

const regras = require(`${__hooks}/lib/regras.js`);

function validarAlteracao(e) {
  const novo = e.record.getString('status_agendamento');
  const antigo = e.record.original().getString('status_agendamento');
  if (novo !== antigo && regras.STATUS_AGENDAMENTO.indexOf(novo) < 0) {
    throw new BadRequestError('An error occurred while validating the submitted data.', {
      status_agendamento: new ValidationError('validation_invalid_status', 'Status inválido.'),
    });
  }
}

module.exports = { validarAlteracao };
