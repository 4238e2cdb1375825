import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import {
  arquivoInvalido,
  DOCUMENT_STATUSES,
  documentStatusLabel,
  excessoDeArquivos,
  fonteDoItem,
  motivoDe,
  REGRAS,
  type ConsuladoId,
  type DocumentoRecord,
  type DocumentStatus,
  type Item,
} from '@/lib/processo';
import { caseFileQueries, fileUrl } from '@/lib/api/case-file';
import { shrinkImage } from '@/lib/shrink-image';
import { caseFileErrorMessage, refreshCaseFile, uploadDocument } from './api/case-file';

const ACCEPT = [...REGRAS.arquivos.tipos, ...REGRAS.arquivos.extensoes].join(',');

/** What the customer reads of an item's document (processo_regras.json). */
export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus | 'falta' | 'opcional', string> = {
  ...REGRAS.itemSemDocumento,
  ...(Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s, documentStatusLabel(s, 'cliente')])) as Record<
    DocumentStatus,
    string
  >),
};

const STATUS_CLASS: Record<DocumentStatus | 'falta' | 'opcional', string> = {
  falta: 'bg-orange-100 text-orange-950',
  opcional: 'bg-gray-100 text-ink-900',
  pendente: 'bg-sky-100 text-sky-950',
  em_analise: 'bg-violet-100 text-violet-950',
  aprovado: 'bg-green-100 text-green-950',
  recusado: 'bg-red-100 text-red-950',
};

function statusOf(doc: DocumentoRecord | undefined): DocumentStatus | 'falta' {
  if (!doc || doc.arquivos.length === 0) return 'falta';
  return doc.status || 'pendente';
}

function Preview({ doc, token }: { doc: DocumentoRecord; token: string | undefined }) {
  if (!token) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-3">
      {doc.arquivos.map((name) => {
        const url = fileUrl(doc, name, token);
        const pdf = /\.pdf$/i.test(name);
        return (
          <li key={name} className="w-32">
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-lg border border-gray-300 p-1 text-sm text-brand-800 underline"
            >
              {/* The name read aloud holds the visible words ('PDF', the file's name): WCAG 2.5.3. */}
              <span className="sr-only">Abrir</span>{' '}
              {pdf ? (
                <span className="flex h-24 items-center justify-center rounded bg-gray-100 font-semibold">
                  PDF
                </span>
              ) : (
                <img src={url} alt="" className="h-24 w-full rounded object-cover" />
              )}{' '}
              <span className="mt-1 block truncate">{name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function ChecklistItem({
  item,
  doc,
  bookingId,
  applicantId,
  consulado,
  locked,
  token,
}: {
  item: Item;
  doc: DocumentoRecord | undefined;
  bookingId: string;
  applicantId: string;
  consulado: ConsuladoId | null;
  locked: boolean;
  token: string | undefined;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const status = statusOf(doc);
  const badge = status === 'falta' && !item.obrigatorio ? 'opcional' : status;
  const canUpload = !locked && status !== 'aprovado';
  const fonte = fonteDoItem(item, consulado);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    setError('');
    setDone('');
    if (chosen.length > item.maxArquivos) {
      setError(excessoDeArquivos(item.maxArquivos));
      return;
    }
    const invalid = chosen.map(arquivoInvalido).find((message) => message !== null);
    if (invalid) {
      setError(invalid);
      return;
    }
    setProgress(0);
    try {
      const files = await Promise.all(chosen.map(shrinkImage));
      await uploadDocument({
        bookingId,
        applicantId,
        item: item.id,
        existing: doc,
        files,
        onProgress: setProgress,
      });
      setDone(doc ? 'Arquivo substituído.' : 'Arquivo enviado.');
      await refreshCaseFile(queryClient);
    } catch (failure) {
      setError(caseFileErrorMessage(failure, 'Não foi possível enviar o arquivo. Tente de novo.'));
    } finally {
      setProgress(null);
    }
  }

  const action = doc && doc.arquivos.length > 0 ? 'Substituir' : 'Enviar';
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-ink-900">
          {item.nome}
          {item.obrigatorio ? null : <span className="font-normal text-ink-600"> (se houver)</span>}
        </h4>
        <Badge className={STATUS_CLASS[badge]}>{DOCUMENT_STATUS_LABEL[badge]}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink-700">{item.descricao}</p>
      {fonte ? (
        <p className="mt-1 text-sm">
          <a href={fonte} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline">
            Regra do consulado (fonte)<span className="sr-only">: {item.nome}</span>
          </a>
        </p>
      ) : null}
      {status === 'recusado' && doc ? (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-950">
          <strong>Motivo da recusa:</strong> {motivoDe(doc).replace(/\.$/, '')}. Envie um arquivo novo.
        </p>
      ) : null}
      {doc && doc.arquivos.length > 0 ? <Preview doc={doc} token={token} /> : null}
      {canUpload ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <label
            className={cn(
              buttonClass('secondary'),
              'cursor-pointer focus-within:ring-2 focus-within:ring-brand-600',
            )}
          >
            {action} arquivo<span className="sr-only">: {item.nome}</span>
            <input
              type="file"
              className="sr-only"
              accept={ACCEPT}
              multiple={item.maxArquivos > 1}
              disabled={progress !== null}
              onChange={onFiles}
            />
          </label>
          <label
            className={cn(
              buttonClass('ghost'),
              'cursor-pointer focus-within:ring-2 focus-within:ring-brand-600',
            )}
          >
            Tirar foto<span className="sr-only">: {item.nome}</span>
            <input
              type="file"
              className="sr-only"
              accept="image/jpeg,image/png"
              capture="environment"
              disabled={progress !== null}
              onChange={onFiles}
            />
          </label>
        </div>
      ) : null}
      {canUpload ? (
        <p className="mt-2 text-sm text-ink-600">
          PDF, JPEG ou PNG, até 10 MB
          {item.maxArquivos > 1 ? `; até ${item.maxArquivos} arquivos de uma vez` : ''}.
        </p>
      ) : null}
      {progress !== null ? (
        <div className="mt-2">
          <label className="text-sm font-semibold" htmlFor={`${headingId}-progresso`}>
            Enviando {item.nome}
          </label>
          <progress
            id={`${headingId}-progresso`}
            max={100}
            value={Math.round(progress * 100)}
            className="mt-1 block h-3 w-full accent-brand-700"
          >
            {Math.round(progress * 100)}%
          </progress>
        </div>
      ) : null}
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <p role="status" className="mt-1 text-sm font-semibold text-brand-800">
        {done}
      </p>
    </li>
  );
}

/** An applicant's checklist: the items for their type, with their consulate's source page, files and status. */
export function DocumentChecklist({
  items,
  documents,
  bookingId,
  applicantId,
  consulado,
  locked,
}: {
  items: readonly Item[];
  documents: readonly DocumentoRecord[];
  bookingId: string;
  applicantId: string;
  consulado: ConsuladoId | null;
  locked: boolean;
}) {
  const token = useQuery({ ...caseFileQueries.fileToken(), enabled: documents.length > 0 });
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <ChecklistItem
          key={item.id}
          item={item}
          doc={documents.find((d) => d.item === item.id)}
          bookingId={bookingId}
          applicantId={applicantId}
          consulado={consulado}
          locked={locked}
          token={token.data}
        />
      ))}
    </ul>
  );
}
