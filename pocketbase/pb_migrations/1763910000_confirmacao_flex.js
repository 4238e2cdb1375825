// Confirmation and Flex (issue #28, items 1 and 3). On each appointment: when the customer said it was confirmed
// in the portal ("Já confirmei"), and its cancellation (by the customer's Flex request, or by the consulate as
// staff record it) with when. On the booking: when Flex was used and why. The reminders' collection also holds
// the two confirmation e-mails of an appointment (the window opens; two days before it closes), once each.
migrate(
  (app) => {
    const compromissos = app.findCollectionByNameOrId('compromissos');
    compromissos.fields.add(new DateField({ name: 'confirmado_em' }));
    compromissos.fields.add(
      new SelectField({ name: 'cancelamento', values: ['flex', 'consulado'], maxSelect: 1 }),
    );
    compromissos.fields.add(new DateField({ name: 'cancelado_em' }));
    app.save(compromissos);

    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.fields.add(new DateField({ name: 'flex_usado_em' }));
    agendamentos.fields.add(new TextField({ name: 'flex_motivo', max: 500 }));
    app.save(agendamentos);

    const lembretes = app.findCollectionByNameOrId('lembretes');
    // conf_abre: the confirmation window opens (D-10); conf_fecha: two days before it closes (D-5). One per
    // appointment (no applicant: the portal confirms the appointment).
    lembretes.fields.getByName('tipo').values = ['d7', 'd1', 'conf_abre', 'conf_fecha'];
    lembretes.fields.getByName('requerente').required = false;
    app.save(lembretes);
  },
  (app) => {
    const lembretes = app.findCollectionByNameOrId('lembretes');
    lembretes.fields.getByName('tipo').values = ['d7', 'd1'];
    lembretes.fields.getByName('requerente').required = true;
    app.save(lembretes);
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    ['flex_usado_em', 'flex_motivo'].forEach((c) => agendamentos.fields.removeByName(c));
    app.save(agendamentos);
    const compromissos = app.findCollectionByNameOrId('compromissos');
    ['confirmado_em', 'cancelamento', 'cancelado_em'].forEach((c) => compromissos.fields.removeByName(c));
    app.save(compromissos);
  },
);
