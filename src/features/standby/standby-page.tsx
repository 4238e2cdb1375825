import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { brand } from '@/config/content';
import { myBookingQueries } from '@/lib/api/bookings';
import {
  bookingDayApi,
  bookingDayQueries,
  estadoDoPedido,
  janelas,
  loadFailed,
  nextWindow,
  pbMs,
  useLive,
  useOnline,
  whenLabel,
  type AtendimentoRecord,
} from '@/lib/api/booking-day';
import { ownMessage, ownText } from '@/lib/server-message';
import { useSession } from '@/lib/use-session';

const SENDER = 'noreply-prenotami@esteri.it';

/** Why a value was not taken, in pt-BR: the server's own sentence, or what PocketBase's English refusal means here. */
function errorText(error: unknown) {
  const e = error as {
    status?: number;
    response?: { data?: Record<string, { message?: unknown }> };
  };
  if (e.status === 429) return 'Muitas tentativas em pouco tempo. Aguarde alguns segundos e digite de novo.';
  const own = ownText(e.response?.data?.valor?.message) ?? ownMessage(error);
  if (own) return own;
  // The request ended (staff let the case go, or its 10 minutes ran out): the value is no longer taken.
  if (e.status === 404 || e.status === 400)
    return 'A equipe não está mais pedindo este valor. Se ela pedir de novo, o campo aparece aqui.';
  return 'Não foi possível enviar. Tente de novo.';
}

/**
 * What staff ask for now, as a large field: the 6 digits (sent as they are typed: staff type them into the portal
 * as they arrive) or the Prenot@mi password (sent only with 'Enviar' or Enter: half a password is of no use to
 * staff, and nothing the customer has not chosen to send reaches them). One request of staff, one value: a new
 * request starts an empty field.
 */
function RelayField({ handling }: { handling: AtendimentoRecord }) {
  const id = useId();
  const code = handling.pedido === 'codigo';
  const [value, setValue] = useState('');
  const [sentAt, setSentAt] = useState('');
  // After a reload the typed value is gone (the customer never reads it back), but the handling says when the last
  // one asked for was handed over.
  const delivered =
    estadoDoPedido(handling) === 'recebido'
      ? janelas.horaLocal(pbMs(handling.entregue_em), janelas.FUSO_PADRAO, true)
      : '';
  // A password typed again after it was sent is not received until it is sent again.
  const [edited, setEdited] = useState(false);
  const receivedAt = edited ? '' : sentAt || delivered;
  const [error, setError] = useState('');
  const record = useRef<{ id: string } | null>(null);
  // One write at a time; what is typed meanwhile goes in the next one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const send = (next: string, enviar = false) => {
    queue.current = queue.current.then(async () => {
      try {
        record.current = await bookingDayApi.relay(record.current, {
          agendamento: handling.agendamento,
          atendimento: handling.id,
          tipo: code ? 'codigo' : 'senha',
          valor: next,
          enviar,
        });
        setError('');
        if ((code && next.length === 6) || enviar) {
          setSentAt(janelas.horaLocal(Date.now(), janelas.FUSO_PADRAO, true));
        }
      } catch (err) {
        setError(errorText(err));
      }
    });
  };

  return (
    // Not named by its heading: 'Digite a senha do Prenot@mi' holds the field's own label, and a form named so would
    // answer for the field too.
    <form
      className="mt-6 rounded-2xl border-2 border-brand-700 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!code && value !== '') {
          setEdited(false);
          send(value, true);
        }
      }}
    >
      <h2 className="text-xl font-bold text-ink-900">
        {code ? 'Digite o código do Prenot@mi' : 'Digite a senha do Prenot@mi'}
      </h2>
      {code ? (
        <p className="mt-2 text-ink-700">
          O Prenot@mi acabou de enviar um código de 6 números para o seu e-mail: remetente{' '}
          <strong className="break-all">{SENDER}</strong>, assunto <strong>"OTP Code"</strong>. Procure também
          no spam.
        </p>
      ) : (
        <p className="mt-2 text-ink-700">
          A senha da sua conta no Prenot@mi, para a nossa equipe entrar com você agora. Ela não fica guardada:
          é apagada em 10 minutos.
        </p>
      )}
      <label htmlFor={id} className="mt-4 block font-semibold text-ink-900">
        {code ? 'Código (6 números)' : 'Senha do Prenot@mi'}
      </label>
      <input
        id={id}
        value={value}
        autoComplete={code ? 'one-time-code' : 'off'}
        inputMode={code ? 'numeric' : 'text'}
        type={code ? 'text' : 'password'}
        // Not 6 for the code: the browser would cut what is pasted (' 482913', 'OTP Code: 482913') before
        // onChange keeps its digits, and send staff a wrong code. onChange keeps six digits.
        maxLength={code ? undefined : 100}
        aria-describedby={error ? `${id}-e` : undefined}
        aria-invalid={error ? true : undefined}
        className={`${inputClass(!!error)} mt-2 text-center font-mono ${code ? 'text-4xl tracking-[0.4em]' : 'text-2xl'}`}
        onChange={(event) => {
          const next = code ? event.target.value.replace(/\D/g, '').slice(0, 6) : event.target.value;
          if (next === value) return;
          setValue(next);
          if (code) send(next);
          else setEdited(true);
        }}
      />
      {code ? null : (
        <Button type="submit" className="mt-3 w-full" disabled={value === ''}>
          Enviar
        </Button>
      )}
      {error ? (
        <p id={`${id}-e`} role="alert" className="mt-2 font-semibold text-accent-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-3 font-semibold text-brand-900">
        {receivedAt
          ? `Recebido pela equipe às ${receivedAt}. ${value === '' ? 'Não precisa digitar de novo: aguarde' : 'Aguarde'} na página.`
          : ''}
      </p>
    </form>
  );
}

/**
 * Staff recorded the code the customer handed over as wrong or expired (dia_comum.js estadoDoPedido 'recusado'): said
 * at once, in place of the field, until staff ask again (a new request starts an empty field).
 */
function CodeRefused() {
  return (
    <div role="alert" className="mt-6 rounded-2xl border-2 border-accent-700 p-5">
      <p className="text-xl font-bold text-accent-700">O código não funcionou: estava errado ou expirou.</p>
      <p className="mt-2 text-ink-700">
        Fique nesta página: a equipe vai pedir um novo código, e o campo aparece aqui de novo. Quando ele
        aparecer, digite o código do e-mail mais recente do Prenot@mi.
      </p>
    </div>
  );
}

/** /prontidao: the customer's standby page for the next window (ANALISE_OK bookings). */
export function StandbyPage() {
  const session = useSession();
  const userId = session?.id ?? '';
  const queryClient = useQueryClient();
  const bookings = useQuery(myBookingQueries.mine(userId, session?.admin ?? false));
  const booking = bookings.data?.[0];
  const handling = useQuery(bookingDayQueries.handling(booking?.id ?? ''));
  const consulates = useQuery(bookingDayQueries.consulates());
  const [now, setNow] = useState(() => Date.now());
  const [readyError, setReadyError] = useState('');
  const [readying, setReadying] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  // Its own handling record once known (the server checks each subscriber's rule on every change of '*').
  useLive(
    'atendimentos',
    handling.data?.id ?? '*',
    () =>
      void queryClient.invalidateQueries({
        queryKey: bookingDayQueries.handling(booking?.id ?? '').queryKey,
      }),
    !!booking,
  );

  // The booking itself: when staff book the appointment (AGENDADO), the page says so at once.
  useLive(
    'agendamentos',
    booking?.id ?? '',
    () => void queryClient.invalidateQueries({ queryKey: myBookingQueries.all() }),
    !!booking,
  );

  // A refetch that failed keeps the last data: the page is then as deaf as offline.
  const online = useOnline(() => void queryClient.invalidateQueries());
  const lost = !online || (handling.isError && handling.data !== undefined);
  const offlineAlert = lost ? (
    <p
      role="alert"
      className="mt-4 rounded-xl border-2 border-accent-700 px-4 py-3 font-semibold text-accent-700"
    >
      Sem conexão com a internet. O pedido da equipe e o campo do código não chegam até você enquanto a
      conexão não voltar. Verifique o Wi-Fi ou os dados móveis e deixe esta página aberta.
    </p>
  ) : null;

  const failed = loadFailed(bookings) || loadFailed(handling) || loadFailed(consulates);
  if (bookings.isPending && !failed)
    return (
      <div className="mx-auto max-w-xl px-4">
        {offlineAlert}
        <PageLoading label="Carregando..." />
      </div>
    );
  if (failed) {
    return (
      <section className="mx-auto max-w-xl px-4 py-8">
        <title>{`Prontidão | ${brand.name}`}</title>
        {offlineAlert}
        <div role="alert" className="mt-4 text-center">
          <h1 className="text-2xl font-bold text-ink-900">Não foi possível carregar a sua prontidão.</h1>
          <p className="mt-2 text-ink-700">
            Verifique sua conexão e tente novamente. Sem esta página carregada, o pedido da equipe não chega
            até você.
          </p>
          <Button
            className="mt-6"
            loading={bookings.isFetching || handling.isFetching || consulates.isFetching}
            loadingText="Carregando..."
            onClick={() => {
              if (loadFailed(bookings)) void bookings.refetch();
              if (loadFailed(handling)) void handling.refetch();
              if (loadFailed(consulates)) void consulates.refetch();
            }}
          >
            Tentar novamente
          </Button>
        </div>
      </section>
    );
  }
  const consulado = consulates.data?.find((c) => c.codigo === booking?.consulado);
  const current = handling.data ?? null;
  const janela = pbMs(current?.janela);
  const next = janela && janela + 30 * 60_000 > now ? { inicioMs: janela } : nextWindow(consulado, now);
  const ready = booking?.status_agendamento === 'ANALISE_OK';
  const booked = booking?.status_agendamento === 'AGENDADO' || booking?.status_agendamento === 'FINALIZADO';
  const title = booked
    ? 'Seu agendamento foi feito'
    : ready && next
      ? `Fique de prontidão: ${whenLabel(next.inicioMs, now)} tentaremos agendar`
      : 'Fique de prontidão';

  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <title>{`Prontidão | ${brand.name}`}</title>
      <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl">{title}</h1>
      {offlineAlert}
      {booked ? (
        <p role="status" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
          A nossa equipe agendou o seu atendimento no consulado: não precisa mais ficar de prontidão.{' '}
          <Link className="font-semibold text-brand-800 underline" to="/tracking">
            Ver a data, o horário e o que levar
          </Link>
          .
        </p>
      ) : !ready ? (
        <p className="mt-4 text-ink-700">
          Não há tentativa de agendamento marcada para o seu pedido agora.{' '}
          <Link className="font-semibold text-brand-800 underline" to="/tracking">
            Ver o andamento
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mt-4 text-ink-700">
            {consulado ? `Consulado de ${consulado.nome}. ` : ''}Na hora da liberação das vagas, a nossa
            equipe entra no Prenot@mi com você. Deixe esta página aberta no celular: quando pedirmos, o campo
            aparece aqui sozinho. Nunca pedimos a senha ou o código por telefone, e-mail ou WhatsApp.
          </p>
          {current?.pronto && !lost ? (
            <p role="status" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-900">
              Você está pronto. Aguarde nesta página.
            </p>
          ) : current?.pronto ? null : (
            <div className="mt-6">
              <Button
                className="w-full text-lg"
                loading={readying}
                loadingText="Enviando..."
                onClick={async () => {
                  setReadying(true);
                  try {
                    await bookingDayApi.ready(booking?.id ?? '');
                    setReadyError('');
                    await handling.refetch();
                  } catch (err) {
                    setReadyError(errorText(err));
                  } finally {
                    setReadying(false);
                  }
                }}
              >
                Estou pronto
              </Button>
              {readyError ? (
                <p role="alert" className="mt-2 font-semibold text-accent-700">
                  {readyError}
                </p>
              ) : null}
            </div>
          )}
          {estadoDoPedido(current) === 'recusado' ? (
            <CodeRefused />
          ) : current && current.pedido ? (
            <RelayField key={current.pedido_em} handling={current} />
          ) : null}
        </>
      )}
    </section>
  );
}
