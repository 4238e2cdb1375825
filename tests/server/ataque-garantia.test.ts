// The guarantee promises a full refund when a ready case is not booked after N windows tried. A case that was
// booked, then sent back to the ready list (the customer's Flex, or the consulate's cancellation), starts its count
// again: before, the windows tried before the booking still counted, so a customer who bought Flex and was booked in
// the Nth window asked for a new date and the next run of the job refunded the whole order at once.
import { expect, it } from 'vitest';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import consulados from '../../pocketbase/pb_hooks/lib/consulados.json';
import calendario from '../../pocketbase/pb_hooks/lib/calendario.js';
import { asaasRequests, newCustomer, paidCustomer, superuser } from './helpers';

const SP = { ...DADOS_CURITIBA, uf: 'SP', cidade: 'São Paulo', cep: '01310-100' };
const saoPaulo = consulados.consulados.find((c) => c.codigo === 'sao_paulo')!;
const SEMANA = 7 * 86_400_000;
const atual = janelas.janelaAnterior(saoPaulo.janelas, consulados.fuso, Date.now())!;
const passada = (semanas: number) => new Date(atual - semanas * SEMANA).toISOString().replace('T', ' ');
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

it('windows tried before a booking do not count once Flex sends the case back: no refund for asking a new date', async () => {
  const admin = await superuser();
  const staff = await newCustomer({ admin: true });
  const { customer, charge } = await paidCustomer({ flex: true });
  const booking = await customer.pb.collection('agendamentos').getFirstListItem('');
  const applicant = await customer.pb
    .collection('requerentes')
    .create({ agendamento: booking.id, ...SP, nome: 'Ana', sobrenome: 'Rossi' });
  await admin.collection('agendamentos').update(booking.id, { status_agendamento: 'ANALISE_OK' });
  // Two windows tried (the tier's guarantee is 2), booked in the second: the promise was kept.
  await admin
    .collection('tentativas_agendamento')
    .create({ agendamento: booking.id, resultado: 'sem_vagas', janela: passada(2) });
  await admin
    .collection('tentativas_agendamento')
    .create({ agendamento: booking.id, resultado: 'agendado', janela: passada(1) });
  await staff.pb.collection('compromissos').create({
    agendamento: booking.id,
    requerentes: [applicant.id],
    data: calendario.somarDias(hoje, 30),
    hora: '09:00',
  });
  expect((await admin.collection('agendamentos').getOne(booking.id)).status_agendamento).toBe('AGENDADO');

  await customer.pb.send(`/api/agendamentos/${booking.id}/flex`, {
    method: 'POST',
    body: { motivo: 'Viagem de trabalho' },
  });
  const { estornados } = await admin.send<{ estornados: string[] }>('/api/garantia/rodar', {
    method: 'POST',
  });

  expect(estornados).not.toContain(booking.id);
  expect((await admin.collection('agendamentos').getOne(booking.id)).status_agendamento).toBe('ANALISE_OK');
  const [payment] = await admin
    .collection('pagamentos')
    .getFullList({ filter: `usuario = "${customer.id}"` });
  expect(payment).toMatchObject({ valor_estornado: 0, garantia_estorno_em: '' });
  expect(
    (await asaasRequests()).filter(
      (r) => r.method === 'POST' && r.path === `/v3/payments/${charge.id}/refund`,
    ),
  ).toEqual([]);
});
