import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { brand, legalLinks } from '@/config/content';
import { env } from '@/lib/env';
import { paths } from '@/config/routes';
import { myBookingQueries } from '@/lib/api/bookings';
import { paymentQueries } from '@/lib/api/payments';
import { maskCpf } from '@/lib/cpf';
import { formatDate } from '@/lib/dates';
import { downloadTextFile } from '@/lib/download';
import { maskPhone } from '@/lib/phone';
import type { UserRecord } from '@/lib/types';
import { useSession } from '@/lib/use-session';
import { Withdrawal } from '@/components/withdrawal';
import { InvoiceLink } from '@/components/invoice-link';
import { invoicePdf } from '@/config/payment-labels';
import { accountErrorMessage, accountQueries, EXPORT_FILE_NAME, exportMyData } from './api/account';
import { DeletionRequest } from './deletion-request';
import { PhoneForm } from './phone-form';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-2xl border border-gray-200 p-5 sm:p-6">
      <h2 id={id} className="text-xl font-bold text-ink-900">
        {title}
      </h2>
      <div className="mt-3 text-ink-700">{children}</div>
    </section>
  );
}

function AccountData({ account }: { account: UserRecord }) {
  const rows: [string, string][] = [
    ['Nome completo', account.nome_completo],
    ['E-mail', account.email],
    ['CPF', maskCpf(account.cpf)],
    ['Celular', maskPhone(account.celular)],
    ['E-mail confirmado', account.verified ? 'Sim' : 'Não'],
    ['Conta criada em', formatDate(account.created)],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink-900">{label}</dt>
            {/* anywhere, not break-word: a long e-mail must narrow the grid's column too, or a phone scrolls sideways */}
            <dd className="min-w-0 wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm">
        Para corrigir o nome, o CPF ou o e-mail, fale com o atendimento:{' '}
        <a className="font-semibold text-brand-800 underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>
        .
      </p>
    </>
  );
}

function DownloadData() {
  const download = useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) =>
      downloadTextFile(EXPORT_FILE_NAME, JSON.stringify(data, null, 2), 'application/json'),
  });
  return (
    <>
      <p>
        Baixe um arquivo (JSON) com tudo o que o nosso servidor guarda sobre você: conta, pagamentos,
        cobranças, agendamentos e seu histórico, o processo (requerentes e a lista de documentos), o dia do
        agendamento (o acompanhamento, as tentativas, os atendimentos marcados no consulado e os lembretes) e
        pedidos de exclusão.
      </p>
      {download.isError ? (
        <div className="mt-3">
          <FormAlert>{accountErrorMessage(download.error, 'export')}</FormAlert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button
          variant="secondary"
          onClick={() => download.mutate()}
          loading={download.isPending}
          loadingText="Preparando o arquivo..."
        >
          Baixar meus dados
        </Button>
        <p role="status" className="font-semibold text-brand-800">
          {download.isSuccess ? `Arquivo ${EXPORT_FILE_NAME} baixado.` : ''}
        </p>
      </div>
    </>
  );
}

/** 'Minha conta': the customer's data as stored, their phone, a copy of everything, and a deletion request. */
export function AccountPage() {
  const session = useSession();
  const userId = session?.id ?? '';
  const account = useQuery(accountQueries.detail(userId));
  const requests = useQuery(accountQueries.deletionRequests(userId));
  const bookings = useQuery(myBookingQueries.mine(userId, session?.admin ?? false));
  const payments = useQuery(paymentQueries.mine(userId, session?.admin ?? false));
  const payment = payments.data?.[0];

  const title = <title>{`Minha conta | ${brand.name}`}</title>;
  if (account.isPending || requests.isPending || bookings.isPending)
    return (
      <>
        {title}
        <PageLoading />
      </>
    );
  const failed = [account, requests, bookings].find((query) => query.isError);
  if (failed || !account.data) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        {title}
        <h1 className="text-2xl font-bold">Minha conta</h1>
        <p className="mt-2 text-ink-700">{accountErrorMessage(failed?.error, 'load')}</p>
        <button
          type="button"
          className={buttonClass('primary', 'mt-6')}
          onClick={() => {
            void account.refetch();
            void requests.refetch();
            void bookings.refetch();
          }}
        >
          Tentar novamente
        </button>
      </div>
    );
  }
  const inProgress = (bookings.data ?? []).some((b) => b.status_agendamento !== 'FINALIZADO');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {title}
      <h1 className="text-3xl font-bold">Minha conta</h1>
      <p className="mt-2 text-ink-700">
        Os seus dados como estão guardados no nosso servidor. Saiba como os usamos na{' '}
        <Link className="font-semibold text-brand-800 underline" to={paths.privacy}>
          {legalLinks.privacy}
        </Link>
        .
      </p>
      <Section id="conta-dados" title="Seus dados">
        <AccountData account={account.data} />
      </Section>
      <Section id="conta-celular" title="Alterar celular">
        <PhoneForm account={account.data} />
      </Section>
      {(bookings.data ?? []).length > 0 ? (
        <Section id="conta-processo" title="Dados e documentos do processo">
          <p>Os dados de cada requerente e os documentos enviados para o seu agendamento.</p>
          <Link to={paths.caseFile} className={buttonClass('secondary', 'mt-4')}>
            Abrir dados e documentos
          </Link>
        </Section>
      ) : null}
      {payment && invoicePdf(payment) ? (
        <Section id="conta-nota" title="Nota fiscal">
          <p>A nota fiscal de serviço (NFS-e) da sua compra, emitida pela prefeitura.</p>
          <InvoiceLink payment={payment} className="mt-4" />
        </Section>
      ) : null}
      <Section id="conta-copia" title="Cópia dos seus dados">
        <DownloadData />
      </Section>
      {payment ? (
        <Withdrawal
          payment={payment}
          booking={(bookings.data ?? []).find((b) => b.pagamento === payment.id)}
        />
      ) : null}
      <Section id="conta-exclusao" title="Excluir minha conta">
        <DeletionRequest userId={userId} request={requests.data?.[0]} inProgress={inProgress} />
      </Section>
    </div>
  );
}
