import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { brand } from '@/config/content';
import {
  bookingDayQueries,
  janelas,
  loadFailed,
  saveConsulate,
  type ConsuladoRecord,
  type Janela,
} from '@/lib/api/booking-day';
import { formatDateTime } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { LoadError } from './load-error';
import { ActionError, useAction } from './use-action';
import { StaffWaitSection } from './wait-section';

const SELECTS: Record<string, Record<string, string>> = {
  canal: { prenotami: 'Prenot@mi', email: 'E-mail', outro: 'Outro', desconhecido: 'Desconhecido' },
  janelas_estado: {
    conhecidas: 'Conhecidas',
    desconhecidas: 'Desconhecidas',
    nao_se_aplica: 'Não se aplica',
  },
  modo_familia: {
    individual: 'Um agendamento por requerente',
    familia: 'Um para a família (acompanhantes)',
    menores_com_responsavel: 'Menores com um dos pais (nas notas)',
    desconhecido: 'Desconhecido',
  },
  confirmacao: { sim: 'Sim', nao: 'Não', desconhecido: 'Desconhecido' },
};
const TEXTS: [keyof ConsuladoRecord, string, number][] = [
  ['confirmacao_quando', 'Quando confirmar no portal', 200],
  ['endereco', 'Endereço do consulado', 300],
  ['fonte', 'Fonte', 1000],
  ['verificado_em', 'Verificado em (aaaa-mm-dd)', 10],
];

/** 'seg 16:00 Primeiro passaporte' one per line, as staff type them. */
const windowsText = (list: Janela[] | null) =>
  (list ?? [])
    .map((j) => `${janelas.DIAS[j.dia]?.slice(0, 3) ?? j.dia} ${j.hora} ${j.servico ?? ''}`.trim())
    .join('\n');

function parseWindows(text: string): Janela[] | string {
  const out: Janela[] = [];
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const [day = '', hora = '', ...rest] = line.split(/\s+/);
    const dia = janelas.DIAS.findIndex((d) => d.startsWith(day.toLowerCase()));
    if (dia < 0) return `"${line}": comece pelo dia da semana (dom, seg, ter, qua, qui, sex, sáb).`;
    out.push({ dia, hora, servico: rest.join(' ') });
  }
  return out;
}

function Editor({ consulado }: { consulado: ConsuladoRecord }) {
  const queryClient = useQueryClient();
  const history = useQuery(bookingDayQueries.consulateHistory(consulado.id));
  const { busy, error, setError, run } = useAction();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = parseWindows(data.janelas ?? '');
    if (typeof parsed === 'string') return setError(parsed);
    if (!(await run(() => saveConsulate(consulado.id, { ...data, janelas: parsed })))) return;
    toast.success('Consulado salvo.');
    await queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() });
  };
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
      <form key={consulado.updated} className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)}>
        {Object.entries(SELECTS).map(([field, options]) => (
          <label key={field} className="font-semibold">
            {
              {
                canal: 'Canal',
                janelas_estado: 'Janelas',
                modo_familia: 'Família',
                confirmacao: 'Confirmar no portal',
              }[field]
            }
            <select
              name={field}
              defaultValue={String(consulado[field as keyof ConsuladoRecord] ?? '')}
              className={inputClass()}
            >
              {Object.entries(options).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="font-semibold sm:col-span-2">
          Janelas de liberação (uma por linha: dia hora serviço; horário de Brasília)
          <textarea
            name="janelas"
            rows={4}
            defaultValue={windowsText(consulado.janelas)}
            className={inputClass()}
          />
        </label>
        {TEXTS.map(([field, label, max]) => (
          <label key={field} className="font-semibold">
            {label}
            <input
              name={field}
              maxLength={max}
              defaultValue={String(consulado[field] ?? '')}
              className={inputClass()}
            />
          </label>
        ))}
        <label className="font-semibold sm:col-span-2">
          Observações
          <textarea
            name="observacoes"
            rows={4}
            maxLength={2000}
            defaultValue={consulado.observacoes}
            className={inputClass()}
          />
        </label>
        <ActionError message={error} className="sm:col-span-2" />
        <Button type="submit" loading={busy} loadingText="Salvando..." className="sm:col-span-2">
          Salvar consulado
        </Button>
      </form>
      <section aria-labelledby="hist">
        <h2 id="hist" className="text-lg font-bold">
          Histórico de alterações
        </h2>
        {history.data?.length ? null : (
          <p className="mt-2 text-ink-700">Nenhuma alteração desde a carga inicial.</p>
        )}
        <ol className="mt-2 space-y-3">
          {(history.data ?? []).map((h) => (
            <li key={h.id} className="rounded-lg border border-gray-200 p-3 text-sm">
              <p className="font-semibold">
                {formatDateTime(h.created)} · {h.autor_nome}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {h.alteracoes.map((a) => (
                  <li key={a.campo} className="break-words">
                    {a.campo}: {a.de || '—'} → {a.para || '—'}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** /consulados: staff keep each consulate's booking facts current; every edit goes into its history. */
export function ConsulatesPage() {
  const consulates = useQuery(bookingDayQueries.consulates());
  const [params, setParams] = useSearchParams();
  if (consulates.isPending && !loadFailed(consulates)) return <PageLoading label="Carregando..." />;
  const codigo = params.get('c') ?? 'sao_paulo';
  const consulado = consulates.data?.find((c) => c.codigo === codigo);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>{`Consulados | ${brand.name}`}</title>
      <Link to="/dia" className="font-semibold text-brand-800 underline">
        Voltar ao dia de abertura
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Consulados</h1>
      <nav aria-label="Consulados" className="mt-4 flex flex-wrap gap-2">
        {(consulates.data ?? []).map((c) => (
          <Button
            key={c.codigo}
            variant={c.codigo === codigo ? 'primary' : 'secondary'}
            aria-current={c.codigo === codigo ? 'page' : undefined}
            onClick={() => setParams({ c: c.codigo })}
          >
            {c.nome}
          </Button>
        ))}
      </nav>
      {loadFailed(consulates) ? <LoadError what="os consulados" className="mt-4" query={consulates} /> : null}
      {consulado ? <Editor consulado={consulado} /> : null}
      <StaffWaitSection codigo={codigo} />
    </section>
  );
}
