/** A document's files on staff's booking page: images and PDFs shown inline, each also opened in full. */
import { useState } from 'react';
import { PdfPreview } from '@/components/pdf-preview';
import { fileUrl } from '@/lib/api/case-file';
import type { DocumentoRecord } from '@/lib/processo';

const isPdf = (name: string) => name.toLowerCase().endsWith('.pdf');

interface FileEntryProps {
  doc: DocumentoRecord;
  name: string;
  which: string;
  token: string;
}

/**
 * One file. The picture keeps the address it was first shown with: a renewed token must not make the browser ask
 * again for a file the customer has meanwhile replaced (deleted on the server, a 404). The picture loads at once,
 * while that token is valid; the link always carries the current token.
 */
function FileEntry({ doc, name, which, token }: FileEntryProps) {
  const [shown] = useState(() => fileUrl(doc, name, token));
  const url = fileUrl(doc, name, token);
  return (
    <li className="rounded-lg border border-gray-200 p-2">
      {isPdf(name) ? (
        <PdfPreview url={url} title={which} />
      ) : (
        <img
          src={shown}
          alt={which}
          className="mx-auto min-h-24 max-h-72 w-auto max-w-full rounded bg-gray-50 object-contain"
        />
      )}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
      >
        {isPdf(name) ? 'Abrir PDF' : 'Abrir imagem'}
        <span className="sr-only">{`: ${which}, em nova aba`}</span>
      </a>
    </li>
  );
}

/** The item's files: images and PDFs shown inline (PDFs from the `md` breakpoint up); each also opens in full. */
export function Files({
  doc,
  label,
  token,
}: {
  doc: DocumentoRecord;
  label: string;
  token: string | undefined;
}) {
  if (doc.arquivos.length === 0) return <p className="text-sm text-ink-700">Nenhum arquivo enviado.</p>;
  if (!token) return <p className="text-sm text-ink-700">Carregando os arquivos...</p>;
  return (
    <ul className="mt-2 grid gap-3">
      {doc.arquivos.map((name, index) => (
        <FileEntry
          key={name}
          doc={doc}
          name={name}
          which={`${label}, arquivo ${index + 1} de ${doc.arquivos.length}`}
          token={token}
        />
      ))}
    </ul>
  );
}
