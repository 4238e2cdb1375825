// 'Enviar para análise' pressed twice at once (a double click, two tabs) on a real PocketBase: the send reads and
// writes the case in one transaction (lib/processo.js enviar), so one of the two sends the documents and the other
// finds nothing new, as a later send would. Before it, both read the documents still pending, both answered
// { enviados: n } and staff's history listed every "Documento … enviado para análise" twice.
import { expect, it } from 'vitest';
import processoRegras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { DADOS_CURITIBA, PDF_BYTES as PDF } from '../../scripts/fixtures/processo-fixture.mjs';
import { cpf, newCustomer, paidCustomer } from './helpers';

const pdf = (name: string) => new File([PDF], name, { type: 'application/pdf' });
const ITEMS = ['identidade', 'comprovante_endereco', 'foto'];

it('two sends at once: one sends every document, the other finds nothing new, and the history has each once', async () => {
  const { customer: owner } = await paidCustomer();
  const staff = await newCustomer({ admin: true });
  const bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  const applicant = await owner.pb.collection('requerentes').create({
    agendamento: bookingId,
    ...DADOS_CURITIBA,
    nome: 'Giulia',
    sobrenome: 'Bianchi',
    sexo: 'F',
    data_nascimento: '1985-07-21',
    local_nascimento: 'Curitiba - PR',
    cpf: cpf('390533447'),
  });
  for (const item of ITEMS) {
    await owner.pb
      .collection('documentos')
      .create({ agendamento: bookingId, requerente: applicant.id, item, arquivos: [pdf(`${item}.pdf`)] });
  }

  const send = () =>
    owner.pb.send<{ enviados: number }>(`/api/processo/${bookingId}/enviar`, {
      method: 'POST',
      requestKey: null,
    });
  const answers = await Promise.allSettled([send(), send()]);

  const sent = answers.filter((a) => a.status === 'fulfilled').map((a) => a.value.enviados);
  expect(sent).toEqual([ITEMS.length]);
  const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
  expect(refused).toHaveLength(1);
  expect(refused[0]).toMatchObject({
    status: 400,
    response: { message: processoRegras.mensagens.nadaParaEnviar },
  });
  const lines = (
    await staff.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: staff.pb.filter('agendamento = {:id}', { id: bookingId }) })
  )
    .flatMap((entry) => entry.alteracoes as { campo: string; de: string; para: string }[])
    .filter((line) => line.campo === 'documento' && line.para === 'enviado para análise');
  expect(lines).toHaveLength(ITEMS.length);
  expect(new Set(lines.map((line) => line.de)).size).toBe(ITEMS.length);
});
