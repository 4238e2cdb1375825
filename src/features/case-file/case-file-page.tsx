import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { brand } from '@/config/content';
import { paths } from '@/config/routes';
import { myBookingQueries } from '@/lib/api/bookings';
import { paymentQueries } from '@/lib/api/payments';
import { serviceName } from '@/config/payment-labels';
import {
  consuladoDaUf,
  type DocumentoRecord,
  estadoDoProcesso,
  type EstadoProcesso,
  excessoDeRequerentes,
  faltaDeRequerentes,
  hojeSaoPaulo,
  itensPara,
  limitesDoServico,
  motivoDe,
  nomeRequerente,
  pendencias,
  REGRAS,
  type RequerenteRecord,
  rotuloDoDocumento,
  tipoDe,
  travadoParaCliente,
  contaDoPortalTravada,
} from '@/lib/processo';
import type { BookingRecord } from '@/lib/types';
import { caseFileQueries } from '@/lib/api/case-file';
import { useSession } from '@/lib/use-session';
import { ApplicantForm } from './applicant-form';
import { PrenotamiAccount } from './prenotami-account';
import {
  addApplicant,
  caseFileErrorMessage,
  pendenciasOf,
  refreshCaseFile,
  removeApplicant,
  sendForReview,
} from './api/case-file';
import { DocumentChecklist } from './documents';

type CaseBooking = BookingRecord & { arquivos_excluidos_em?: string };

const ESTADO: Record<EstadoProcesso, { title: string; text: string; className: string }> = {
  rascunho: {
    title: 'Rascunho',
    text: 'Preencha os dados, envie os documentos de cada requerente e clique em “Enviar para análise”. O que você digita fica guardado como rascunho: pode continuar depois, de qualquer aparelho.',
    className: 'border-orange-300 bg-orange-50 text-orange-950',
  },
  em_analise: {
    title: 'Em análise',
    text: 'Recebemos o seu processo. Estamos conferindo os dados e os documentos e avisaremos você por e-mail quando a análise terminar.',
    className: 'border-violet-300 bg-violet-50 text-violet-950',
  },
  recusado: {
    title: 'Documentos recusados',
    text: 'Alguns documentos precisam ser substituídos. Envie um arquivo novo só para os itens abaixo e clique em “Enviar para análise” de novo.',
    className: 'border-red-300 bg-red-50 text-red-950',
  },
  aprovado: {
    title: 'Documentação aprovada',
    text: 'Todos os documentos foram aprovados. Agora cuidamos do agendamento e avisaremos você por e-mail.',
    className: 'border-green-300 bg-green-50 text-green-950',
  },
};

/** The refused documents, each with its applicant and reason: the same list tracking shows. */
export function RefusedList({
  applicants,
  documents,
}: {
  applicants: readonly RequerenteRecord[];
  documents: readonly DocumentoRecord[];
}) {
  const refused = documents.filter((d) => d.status === 'recusado');
  if (refused.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {refused.map((d) => {
        const applicant = applicants.find((a) => a.id === d.requerente);
        return (
          <li key={d.id}>
            <strong>{rotuloDoDocumento(applicant ?? null, d.item)}</strong>: {motivoDe(d)}
          </li>
        );
      })}
    </ul>
  );
}

function Applicant({
  applicant,
  number,
  documents,
  bookingId,
  locked,
  accountLocked,
  removable,
  justAdded,
}: {
  applicant: RequerenteRecord;
  number: number;
  documents: readonly DocumentoRecord[];
  bookingId: string;
  locked: boolean;
  /** The applicant's Prenot@mi account: the customer keeps it current until the booking is made. */
  accountLocked: boolean;
  removable: boolean;
  /** Added by the customer a moment ago: its heading takes the focus (the button that added it was busy). */
  justAdded: boolean;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justAdded) heading.current?.focus();
  }, [justAdded]);
  const [confirming, setConfirming] = useState(false);
  // The question replaces 'Remover' and 'Não' brings it back: the focus goes with them, not to the page's top.
  const removeButton = useRef<HTMLButtonElement>(null);
  const noButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) return;
    (confirming ? noButton : removeButton).current?.focus();
  }, [confirming]);
  const confirm = (next: boolean) => {
    asked.current = true;
    setConfirming(next);
  };
  const hoje = hojeSaoPaulo();
  // The heading and the checklist follow the birth date as it is typed (the form shows a minor's fields then).
  const [nascimento, setNascimento] = useState(applicant.data_nascimento);
  const tipo = tipoDe({ data_nascimento: nascimento }, hoje);
  const consulado = consuladoDaUf(applicant.uf);
  const falta = pendencias(applicant, documents, hoje);
  const remove = useMutation({
    mutationFn: () => removeApplicant(applicant.id),
    onSuccess: () => refreshCaseFile(queryClient),
  });
  // Open while data is missing when the page opens; then as the customer leaves it (saving keeps it open).
  const [dataOpen, setDataOpen] = useState(() =>
    falta.some((f) => !REGRAS.itens.some((i) => f.startsWith(i.nome))),
  );

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-gray-200 p-4 sm:p-6">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-ink-900 focus:outline-none"
      >
        Requerente {number}: {nomeRequerente(applicant)}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {tipo === 'menor' ? 'Menor de 18 anos' : 'Maior de 18 anos'} ·{' '}
        {consulado ? `Consulado de ${REGRAS.consulados[consulado].nome}` : 'Consulado: informe a UF'}
      </p>
      <details
        open={dataOpen}
        onToggle={(event) => setDataOpen(event.currentTarget.open)}
        className="mt-4 rounded-xl border border-gray-200"
      >
        <summary className="cursor-pointer px-4 py-3 font-semibold text-brand-800">Dados pessoais</summary>
        <div className="border-t border-gray-200 p-4">
          <ApplicantForm applicant={applicant} number={number} locked={locked} onBirthDate={setNascimento} />
        </div>
      </details>
      <PrenotamiAccount applicant={applicant} locked={accountLocked} />
      <h3 className="mt-6 text-lg font-bold text-ink-900">Documentos</h3>
      <div className="mt-3">
        <DocumentChecklist
          items={itensPara(tipo)}
          documents={documents}
          bookingId={bookingId}
          applicantId={applicant.id}
          consulado={consulado}
          locked={locked}
        />
      </div>
      {falta.length > 0 ? (
        <p className="mt-4 rounded-lg bg-orange-50 px-4 py-3 text-orange-950">
          <strong>Falta:</strong> {falta.join(', ')}.
        </p>
      ) : (
        <p className="mt-4 rounded-lg bg-green-50 px-4 py-3 font-semibold text-green-950">
          Dados e documentos completos.
        </p>
      )}
      {removable ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {confirming ? (
            <>
              <span>Remover este requerente e os documentos dele?</span>
              <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
                Sim, remover
              </Button>
              <Button ref={noButton} variant="ghost" onClick={() => confirm(false)}>
                Não
              </Button>
            </>
          ) : (
            <Button ref={removeButton} variant="ghost" onClick={() => confirm(true)}>
              Remover requerente {number}
            </Button>
          )}
          {remove.isError ? (
            <FormAlert>
              {caseFileErrorMessage(remove.error, 'Não foi possível remover o requerente.')}
            </FormAlert>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function Send({
  booking,
  problems,
  hasNew,
}: {
  booking: CaseBooking;
  problems: readonly string[];
  hasNew: boolean;
}) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendForReview(booking.id),
    onSuccess: () =>
      Promise.all([
        refreshCaseFile(queryClient),
        queryClient.invalidateQueries({ queryKey: myBookingQueries.all() }),
      ]),
  });
  // One send per press of a case with something new: a second press (a double click) sends nothing until the first
  // is refused or the page shows the case it sent (nothing new left), as isPending and the refetched case each show
  // only after a render.
  const sending = useRef(false);
  useEffect(() => {
    sending.current = false;
  }, [hasNew]);
  const press = () => {
    if (sending.current) return;
    sending.current = true;
    send.mutate(undefined, { onError: () => (sending.current = false) });
  };
  const ready = problems.length === 0 && hasNew;
  const serverProblems = pendenciasOf(send.error);
  return (
    <section
      aria-labelledby="enviar-analise"
      className="mt-8 rounded-2xl border-2 border-brand-700 p-4 sm:p-6"
    >
      <h2 id="enviar-analise" className="text-xl font-bold text-ink-900">
        Enviar para análise
      </h2>
      {problems.length > 0 ? (
        <div id="enviar-falta" className="mt-2 text-ink-700">
          <p>O botão fica disponível quando tudo estiver completo. Falta:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p id="enviar-falta" className="mt-2 text-ink-700">
          {hasNew
            ? 'Tudo pronto. A nossa equipe confere os dados e documentos e avisa você por e-mail.'
            : 'Não há nada novo para enviar: os documentos já estão em análise ou aprovados.'}
        </p>
      )}
      {send.isError ? (
        <div className="mt-3">
          <FormAlert>
            {caseFileErrorMessage(send.error, 'Não foi possível enviar para análise. Tente de novo.')}
            {serverProblems.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {serverProblems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </FormAlert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button
          disabled={!ready}
          aria-describedby="enviar-falta"
          loading={send.isPending}
          loadingText="Enviando..."
          onClick={press}
        >
          Enviar para análise
        </Button>
        <p role="status" className="font-semibold text-brand-800">
          {send.isSuccess ? 'Processo enviado para análise.' : ''}
        </p>
      </div>
    </section>
  );
}

function CaseFile({ booking, tipoServico }: { booking: CaseBooking; tipoServico: string }) {
  const queryClient = useQueryClient();
  const applicants = useQuery(caseFileQueries.applicants(booking.id));
  const documents = useQuery(caseFileQueries.documents(booking.id));
  const [added, setAdded] = useState('');
  const add = useMutation({
    mutationFn: () => addApplicant(booking.id),
    onSuccess: (record) => {
      setAdded(record.id);
      return refreshCaseFile(queryClient);
    },
  });
  if (applicants.isPending || documents.isPending) return <PageLoading />;
  if (applicants.isError || documents.isError) {
    return (
      <div role="alert" className="mt-6">
        <p>Não foi possível carregar o processo. Verifique sua conexão e tente novamente.</p>
        <button
          type="button"
          className={buttonClass('primary', 'mt-4')}
          onClick={() => {
            void applicants.refetch();
            void documents.refetch();
          }}
        >
          Tentar novamente
        </button>
      </div>
    );
  }
  const limite = limitesDoServico(tipoServico);
  const closed =
    ['FINALIZADO', 'CANCELADO'].includes(booking.status_agendamento) || !!booking.arquivos_excluidos_em;
  // ANALISE_OK and after: what staff approved stays as it is (the server refuses any change from the customer).
  const approved = !closed && travadoParaCliente(booking.status_agendamento);
  const locked = closed || approved;
  const estado = estadoDoProcesso(documents.data);
  const hoje = hojeSaoPaulo();
  const problems: string[] = [];
  if (applicants.data.length < limite.min) problems.push(faltaDeRequerentes(limite));
  applicants.data.forEach((a, i) => {
    const falta = pendencias(
      a,
      documents.data.filter((d) => d.requerente === a.id),
      hoje,
    );
    if (falta.length > 0) problems.push(`Requerente ${i + 1}: falta ${falta.join(', ')}.`);
  });
  const hasNew = documents.data.some((d) => d.status === 'pendente' || d.status === '');
  const info = ESTADO[estado];

  let body: ReactNode;
  if (approved) {
    body = (
      <div role="status" className={`mt-6 rounded-xl border p-4 ${ESTADO.aprovado.className}`}>
        <p className="font-bold">Situação: {ESTADO.aprovado.title}</p>
        <p className="mt-1">{REGRAS.mensagens.travado}</p>
      </div>
    );
  } else if (locked) {
    body = (
      <p role="status" className="mt-6 rounded-xl border border-gray-300 bg-gray-50 p-4">
        Este processo está encerrado: não recebe mais documentos.
        {booking.arquivos_excluidos_em
          ? ' Os arquivos já foram excluídos, como diz a Política de Privacidade.'
          : ''}
      </p>
    );
  } else {
    body = (
      <div role="status" className={`mt-6 rounded-xl border p-4 ${info.className}`}>
        <p className="font-bold">Situação: {info.title}</p>
        <p className="mt-1">{info.text}</p>
        <RefusedList applicants={applicants.data} documents={documents.data} />
      </div>
    );
  }
  return (
    <>
      {body}
      {applicants.data.map((a, i) => (
        <Applicant
          key={a.id}
          applicant={a}
          number={i + 1}
          documents={documents.data.filter((d) => d.requerente === a.id)}
          bookingId={booking.id}
          locked={locked}
          accountLocked={closed || contaDoPortalTravada(booking.status_agendamento)}
          justAdded={a.id === added}
          removable={
            !locked &&
            applicants.data.length > 1 &&
            !documents.data.some((d) => d.requerente === a.id && d.status === 'aprovado')
          }
        />
      ))}
      {!locked && applicants.data.length < limite.max ? (
        <div className="mt-6">
          <Button variant="secondary" loading={add.isPending} onClick={() => add.mutate()}>
            Adicionar requerente
          </Button>
          <p className="mt-2 text-sm text-ink-600">
            {limite.max === 1
              ? excessoDeRequerentes(1)
              : `O Agendamento Familiar é para ${limite.min} a ${limite.max} requerentes, cada um com os seus dados e documentos.`}
          </p>
          {add.isError ? (
            <div className="mt-2">
              <FormAlert>
                {caseFileErrorMessage(add.error, 'Não foi possível adicionar o requerente.')}
              </FormAlert>
            </div>
          ) : null}
        </div>
      ) : null}
      {locked || estado === 'aprovado' ? null : (
        <Send booking={booking} problems={problems} hasNew={hasNew} />
      )}
    </>
  );
}

/** The customer's case file: each applicant's data and documents, sent to staff for review. */
export function CaseFilePage() {
  const session = useSession();
  const userId = session?.id ?? '';
  const payments = useQuery(paymentQueries.mine(userId, session?.admin ?? false));
  const bookings = useQuery(myBookingQueries.mine(userId, session?.admin ?? false));
  const title = <title>{`Dados e documentos | ${brand.name}`}</title>;
  if (payments.isPending || bookings.isPending)
    return (
      <>
        {title}
        <PageLoading />
      </>
    );
  if (payments.isError || bookings.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        {title}
        <h1 className="text-2xl font-bold">Não foi possível carregar o processo.</h1>
        <p className="mt-2 text-ink-700">Verifique sua conexão e tente novamente.</p>
        <button
          type="button"
          className={buttonClass('primary', 'mt-6')}
          onClick={() => {
            if (payments.isError) void payments.refetch();
            if (bookings.isError) void bookings.refetch();
          }}
        >
          Tentar novamente
        </button>
      </div>
    );
  }
  const booking: CaseBooking | undefined = bookings.data[0];
  if (!booking) return <Navigate to={paths.tracking} replace />;
  const payment = payments.data.find((p) => p.id === booking.pagamento) ?? payments.data[0];
  const tipoServico = payment?.tipo_servico ?? 'individual';
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      {title}
      <h1 className="text-3xl font-bold">Dados e documentos</h1>
      <p className="mt-2 text-ink-700">
        Agendamento <strong className="text-ink-900">{serviceName(tipoServico)}</strong>. Os arquivos ficam
        protegidos: só você e a nossa equipe os veem.
      </p>
      <CaseFile booking={booking} tipoServico={tipoServico} />
      <p className="mt-10">
        <Link className="font-semibold text-brand-800 underline" to={paths.tracking}>
          Voltar para o andamento
        </Link>
      </p>
    </section>
  );
}
