// A customer calling the withdrawal route in a loop once the appointment is booked: each call used to write a
// history line and e-mail every staff member, with no limit (the route is outside /payments/asaas/'s). Now a
// booking's forwarded withdrawal reaches staff at most once every limites.json alertasEquipe.intervaloMin minutes;
// the customer is answered the same each time.
import { expect, it } from 'vitest';
import { mailsTo, newCustomer, orderOf, paidCustomer, superuser } from './helpers';

it('a withdrawal sent again and again after the booking is forwarded to staff once', async () => {
  const admin = await newCustomer({ admin: true });
  const { customer } = await paidCustomer();
  const su = await superuser();
  const [booking] = (await orderOf(customer.id)).bookings;
  const bookingId = booking?.id ?? '';
  await su.collection('agendamentos').update(bookingId, { status_agendamento: 'AGENDADO' });
  for (let i = 0; i < 5; i++) {
    const answer = await customer.pb.send<{ resultado: string }>('/payments/desistencia', { method: 'POST' });
    expect(answer.resultado).toBe('encaminhada');
  }
  const notes = await su.collection('historico_agendamentos').getFullList({
    filter: su.filter('agendamento = {:a} && alteracoes ~ {:c}', { a: bookingId, c: 'desistencia' }),
  });
  expect(notes).toHaveLength(1);
  // Every alert e-mail the loop could have sent has had time to arrive.
  const mails = await mailsTo(admin.email, { subject: /Pedido de desistência/, count: 5, timeoutMs: 2000 });
  expect(mails).toHaveLength(1);
  expect((await orderOf(customer.id)).bookings[0]?.status_agendamento).toBe('AGENDADO');
});
