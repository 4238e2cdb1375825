/**
 * Staff's review of a booking's case file (the booking page, loaded only there): each applicant's data with
 * copy buttons, each checklist item's files shown inline (images, and PDFs on a wide screen) through a file token, and
 * 'Aprovar' / 'Recusar' with a reason. The server signs the review and, after the last one, moves the booking
 * (a refusal: ANALISE_ERRO with the list e-mailed); the page then shows the booking as it is now.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, todayIso } from '@/lib/dates';
import {
  consuladoDaUf,
  ehMenor,
  itensPara,
  nomeRequerente,
  documentStatusLabel,
  REGRAS,
  type DocumentoRecord,
  type DocumentStatus,
  type RequerenteRecord,
} from '@/lib/processo';
import { caseFileQueries } from '@/lib/api/case-file';
import { toast } from '@/lib/toast';
import { bookingQueries, errorMessage } from '../api/bookings';
import { consulateLabel, reviewDocument, type Review } from './api';
import { ApplicantData } from './applicant-data';
import { Files } from './document-files';
import { ReviewActions } from './review-actions';

/** Each document state's colours; its staff label is processo_regras.json's. */
const STATUS_CLASS: Record<DocumentStatus, string> = {
  pendente: 'bg-gray-100 text-gray-800',
  em_analise: 'bg-blue-100 text-blue-900',
  aprovado: 'bg-green-100 text-green-900',
  recusado: 'bg-red-100 text-red-900',
};

interface DocumentItemProps {
  applicant: RequerenteRecord;
  item: { id: string; nome: string; obrigatorio: boolean };
  doc: DocumentoRecord | undefined;
  token: string | undefined;
  onReview: (doc: DocumentoRecord, review: Review) => Promise<boolean>;
}

/** The first 'Aprovar' of a document still under review after `item` in the page's order, if any. */
function nextReviewControl(item: HTMLElement) {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-review-control]')).find(
    (control) => item.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
}

function DocumentItem({ applicant, item, doc, token, onReview }: DocumentItemProps) {
  const label = `${item.nome} de ${nomeRequerente(applicant)}`;
  const status: DocumentStatus = doc?.status || 'pendente';
  const reviewer = doc?.expand?.revisado_por?.nome_completo;
  const itemRef = useRef<HTMLLIElement>(null);
  const stateRef = useRef<HTMLDivElement>(null);
  const reviewed = useRef(false);
  // A review removes its buttons (the one pressed had the focus): once the document shows its new state, the
  // focus goes to the next document's review, else to this document's state; never to the page's top. Unless
  // the user has already moved on.
  useEffect(() => {
    const li = itemRef.current;
    if (!reviewed.current || status === 'em_analise' || !li) return;
    reviewed.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && !li.contains(active)) return;
    (nextReviewControl(li) ?? stateRef.current)?.focus();
  }, [status]);
  return (
    <li ref={itemRef} className="min-w-0 rounded-xl border border-gray-200 p-3 sm:p-4">
      <div ref={stateRef} tabIndex={-1} className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold text-ink-900">{item.nome}</h4>
        {!doc ? (
          <Badge className="bg-gray-100 text-gray-800">
            {item.obrigatorio ? 'Não enviado' : 'Não enviado (opcional)'}
          </Badge>
        ) : (
          <>
            <Badge className={STATUS_CLASS[status]}>{documentStatusLabel(status, 'equipe')}</Badge>
            {doc.reenviado ? <Badge className="bg-amber-100 text-amber-950">Reenviado</Badge> : null}
          </>
        )}
      </div>
      {doc?.status === 'recusado' ? (
        <p className="mt-1 text-sm text-accent-700">
          Motivo: {doc.motivo ? REGRAS.motivosRecusa[doc.motivo] : ''}
          {doc.motivo_texto ? `: ${doc.motivo_texto}` : ''}
        </p>
      ) : null}
      {doc && (doc.status === 'aprovado' || doc.status === 'recusado') && doc.revisado_em ? (
        <p className="mt-1 text-sm text-ink-600">
          {documentStatusLabel(doc.status, 'equipe')}
          {reviewer ? ` por ${reviewer}` : ''} em {formatDateTime(doc.revisado_em)}
        </p>
      ) : null}
      {doc ? <Files doc={doc} label={label} token={token} /> : null}
      {doc?.status === 'em_analise' ? (
        <ReviewActions
          label={label}
          onReview={async (review) => {
            // Set before the call: the new state may be shown before the call returns.
            reviewed.current = true;
            if (!(await onReview(doc, review))) reviewed.current = false;
          }}
        />
      ) : null}
    </li>
  );
}

function Applicant({
  applicant,
  index,
  docs,
  token,
  onReview,
}: {
  applicant: RequerenteRecord;
  index: number;
  docs: DocumentoRecord[];
  token: string | undefined;
  onReview: (doc: DocumentoRecord, review: Review) => Promise<boolean>;
}) {
  const minor = ehMenor(applicant.data_nascimento, todayIso());
  const consulate = consuladoDaUf(applicant.uf);
  const headingId = useId();
  const items = itensPara(minor ? 'menor' : 'adulto');
  // Anything sent under an item this applicant's checklist does not hold (an adult's file kept after a
  // birth date was corrected) is still shown, so nothing sent is hidden from staff.
  const extra = docs.filter((d) => !items.some((item) => item.id === d.item));
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-gray-200 p-3 sm:p-5">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold break-words text-ink-900">
          Requerente {index + 1}: {nomeRequerente(applicant)}
        </h3>
        {minor ? <Badge className="bg-purple-100 text-purple-900">Menor</Badge> : null}
        <span className="text-sm text-ink-700">
          {consulate ? `Consulado de ${consulateLabel(consulate)}` : 'Consulado: UF não informada'}
        </span>
      </header>
      <details className="group">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
          Dados do requerente
        </summary>
        <ApplicantData applicant={applicant} minor={minor} />
      </details>
      <ul
        className="grid items-start gap-3 md:grid-cols-2"
        aria-label={`Documentos de ${nomeRequerente(applicant)}`}
      >
        {items.map((item) => (
          <DocumentItem
            key={item.id}
            applicant={applicant}
            item={item}
            doc={docs.find((d) => d.item === item.id)}
            token={token}
            onReview={onReview}
          />
        ))}
        {extra.map((doc) => (
          <DocumentItem
            key={doc.id}
            applicant={applicant}
            item={{ id: doc.item, nome: doc.item, obrigatorio: false }}
            doc={doc}
            token={token}
            onReview={onReview}
          />
        ))}
      </ul>
    </article>
  );
}

function Counts({ docs }: { docs: DocumentoRecord[] }) {
  const count = (status: string) => docs.filter((d) => (d.status || 'pendente') === status).length;
  const parts = [
    [count('aprovado'), 'aprovado(s)'],
    [count('em_analise'), 'em análise'],
    [count('recusado'), 'recusado(s)'],
    [count('pendente'), 'aguardando envio'],
  ].filter(([n]) => Number(n) > 0);
  const allApproved = docs.length > 0 && count('aprovado') === docs.length;
  return (
    <p className={allApproved ? 'font-medium text-green-900' : 'text-ink-700'}>
      {docs.length} documento(s)
      {parts.length ? `: ${parts.map(([n, what]) => `${n} ${what}`).join(', ')}` : ''}.
      {allApproved ? ' Todos aprovados: o status ANALISE OK já pode ser escolhido no editor.' : ''}
    </p>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="processo-titulo" className="space-y-4">
      <h2 id="processo-titulo" className="text-xl font-bold text-ink-900">
        Processo: requerentes e documentos
      </h2>
      {children}
    </section>
  );
}

const REVIEW_TOAST = 'revisao-documentos';

/** 'Documento aprovado.', '3 documentos aprovados.', '2 documentos aprovados e 1 recusado.' */
export function reviewSummary({ aprovados, recusados }: { aprovados: number; recusados: number }): string {
  const part = (n: number, word: string) =>
    n === 1 ? `1 ${word}` : `${n} ${word.replace('documento ', 'documentos ')}s`;
  if (recusados === 0)
    return aprovados === 1 ? 'Documento aprovado.' : `${part(aprovados, 'documento aprovado')}.`;
  if (aprovados === 0)
    return recusados === 1 ? 'Documento recusado.' : `${part(recusados, 'documento recusado')}.`;
  return `${part(aprovados, 'documento aprovado')} e ${recusados} ${recusados === 1 ? 'recusado' : 'recusados'}.`;
}

interface ReviewPanelProps {
  bookingId: string;
  /** Called when a review moved the booking to another status (the editor then shows the new one). */
  onStatusChanged: () => void;
}

export function ReviewPanel({ bookingId, onStatusChanged }: ReviewPanelProps) {
  const queryClient = useQueryClient();
  const applicants = useQuery(caseFileQueries.applicants(bookingId));
  const documents = useQuery(caseFileQueries.documents(bookingId, true));
  const hasFiles = (documents.data ?? []).some((d) => d.arquivos.length > 0);
  const token = useQuery({ ...caseFileQueries.fileToken(), enabled: hasFiles });

  const reviewRun = useRef({ aprovados: 0, recusados: 0 });
  const review = useMutation({
    mutationFn: ({ doc, body }: { doc: DocumentoRecord; body: Review }) => reviewDocument(doc.id, body),
  });

  /** Reviews `doc`; true once the server took it (a failure says so and leaves it under review). */
  async function onReview(doc: DocumentoRecord, body: Review): Promise<boolean> {
    const detailKey = bookingQueries.detail(bookingId).queryKey;
    const before = queryClient.getQueryData(detailKey)?.status_agendamento;
    try {
      await review.mutateAsync({ doc, body });
    } catch (error) {
      toast.error(`Erro: ${errorMessage(error)}`);
      return false;
    }
    // A run of reviews shows one toast, its count updated, not one per document over the panel.
    const run = reviewRun.current;
    const active = toast.isActive(REVIEW_TOAST);
    if (!active) Object.assign(run, { aprovados: 0, recusados: 0 });
    if (body.status === 'aprovado') run.aprovados++;
    else run.recusados++;
    if (active) toast.update(REVIEW_TOAST, { render: reviewSummary(run) });
    else toast.success(reviewSummary(run), { toastId: REVIEW_TOAST });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: caseFileQueries.documents(bookingId, true).queryKey }),
      queryClient.invalidateQueries({ queryKey: detailKey }),
      queryClient.invalidateQueries({ queryKey: bookingQueries.history(bookingId).queryKey }),
      queryClient.invalidateQueries({ queryKey: bookingQueries.lists() }),
    ]);
    if (queryClient.getQueryData(detailKey)?.status_agendamento !== before) onStatusChanged();
    return true;
  }

  if (applicants.isPending || documents.isPending) {
    return (
      <Section>
        <p className="text-ink-700">Carregando o processo...</p>
      </Section>
    );
  }
  if (applicants.isError || documents.isError) {
    return (
      <Section>
        <div role="alert" className="space-y-2">
          <p className="text-ink-700">
            Não foi possível carregar o processo. {errorMessage(applicants.error ?? documents.error)}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              void applicants.refetch();
              void documents.refetch();
            }}
          >
            Tentar novamente
          </Button>
        </div>
      </Section>
    );
  }
  if (applicants.data.length === 0) {
    return (
      <Section>
        <p className="text-ink-700">O cliente ainda não cadastrou nenhum requerente.</p>
      </Section>
    );
  }
  const docs = documents.data;
  return (
    <Section>
      <Counts docs={docs} />
      {applicants.data.map((applicant, index) => (
        <Applicant
          key={applicant.id}
          applicant={applicant}
          index={index}
          docs={docs.filter((d) => d.requerente === applicant.id)}
          token={token.data}
          onReview={onReview}
        />
      ))}
    </Section>
  );
}

export default ReviewPanel;
