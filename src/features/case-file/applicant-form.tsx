import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field, FormAlert, SelectField } from '@/components/ui/field';
import { isValidCpf, maskCpf, onlyDigits } from '@/lib/cpf';
import { maskedField } from '@/lib/masked-field';
import {
  consuladoDaUf,
  ehMenor,
  erroNascimento,
  ESTADOS_CIVIS,
  hojeSaoPaulo,
  REGRAS,
  UFS,
  type RequerenteData,
  type RequerenteRecord,
} from '@/lib/processo';
import { caseFileQueries } from '@/lib/api/case-file';
import { z } from '@/lib/zod';
import { useLeaveWarning } from '@/lib/use-leave-warning';
import comum from '../../../pocketbase/pb_hooks/lib/comum.js';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { caseFileErrorMessage, refreshCaseFile, saveApplicant } from './api/case-file';
import { useAutosave } from './use-autosave';

export const COR_OLHOS = ['Castanhos', 'Pretos', 'Azuis', 'Verdes', 'Cinzentos', 'Mel'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// The server's rules and words: no control or invisible direction characters (pb_hooks/lib/comum.js
// erroInvisivel, asked before trimming, as the server reads the value sent) and a text's limit (textoLongo).
const text = (max: number) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const message = comum.erroInvisivel(v, false, FIELD_MESSAGES);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .trim()
    .max(max, comum.textoLongo(max));
// One of an applicant's names: the server's rule and words (pb_hooks/lib/comum.js erroNomeProprio).
const name = text(120).superRefine((v, ctx) => {
  const message = comum.erroNomeProprio(v, FIELD_MESSAGES);
  if (message) ctx.addIssue({ code: 'custom', message });
});
const optionalDate = (message: string) =>
  z
    .string()
    .refine((v) => v === '' || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), message);

/** A draft: every field may be empty (what is missing is listed before sending); what is typed must be valid. */
export const applicantSchema = z
  .object({
    nome: name,
    sobrenome: name,
    sexo: z.enum(['', 'F', 'M']),
    // The server's rule and words (pb_hooks/lib/processo_comum.js): a real day, not in the future, under 120.
    data_nascimento: z.string().superRefine((v, ctx) => {
      const message = erroNascimento(v, hojeSaoPaulo());
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
    local_nascimento: text(120),
    cpf: z.string().refine((v) => onlyDigits(v) === '' || isValidCpf(v), 'CPF inválido.'),
    estado_civil: z.enum(['', ...(Object.keys(ESTADOS_CIVIS) as (keyof typeof ESTADOS_CIVIS)[])]),
    altura_cm: z
      .string()
      .refine(
        (v) => v.trim() === '' || (/^\d{2,3}$/.test(v.trim()) && Number(v) >= 40 && Number(v) <= 250),
        'Informe a altura em centímetros (ex.: 170).',
      ),
    cor_olhos: text(40),
    cep: z.string().refine((v) => v === '' || /^\d{5}-?\d{3}$/.test(v), 'Informe o CEP com 8 dígitos.'),
    logradouro: text(200),
    numero: text(20),
    complemento: text(100),
    cidade: text(120),
    uf: z.string(),
    aire_comune: text(120),
    aire_nao_sei: z.boolean(),
    passaporte_numero: text(20),
    passaporte_validade: optionalDate('Informe uma data de validade válida.'),
    mae_nome: text(200),
    pai_nome: text(200),
  })
  .refine((v) => !(v.aire_nao_sei && v.aire_comune !== ''), {
    path: ['aire_comune'],
    message: 'Apague o comune ou desmarque "Não sei".',
  });

export type ApplicantValues = z.infer<typeof applicantSchema>;

const maskCep = (value: string) => {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
};

function toValues(r: RequerenteRecord): ApplicantValues {
  return {
    nome: r.nome,
    sobrenome: r.sobrenome,
    sexo: r.sexo,
    data_nascimento: r.data_nascimento,
    local_nascimento: r.local_nascimento,
    cpf: maskCpf(r.cpf),
    estado_civil: r.estado_civil,
    altura_cm: r.altura_cm > 0 ? String(r.altura_cm) : '',
    cor_olhos: r.cor_olhos,
    cep: maskCep(r.cep),
    logradouro: r.logradouro,
    numero: r.numero,
    complemento: r.complemento,
    cidade: r.cidade,
    uf: r.uf,
    aire_comune: r.aire_comune,
    aire_nao_sei: r.aire_nao_sei,
    passaporte_numero: r.passaporte_numero,
    passaporte_validade: r.passaporte_validade,
    mae_nome: r.mae_nome,
    pai_nome: r.pai_nome,
  };
}

function toData(v: ApplicantValues): RequerenteData {
  const menor = ehMenor(v.data_nascimento, hojeSaoPaulo());
  return {
    ...v,
    cpf: onlyDigits(v.cpf),
    cep: onlyDigits(v.cep),
    altura_cm: v.altura_cm.trim() === '' ? 0 : Number(v.altura_cm),
    // A minor's parents only; an adult's are not kept.
    mae_nome: menor ? v.mae_nome : '',
    pai_nome: menor ? v.pai_nome : '',
  };
}

/** The draft's fields that pass the rules: a field still wrong is left out, and the rest is saved. */
export function draftOf(values: ApplicantValues): Partial<RequerenteData> {
  const data: Partial<RequerenteData> = toData(values);
  const result = applicantSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) delete data[issue.path[0] as keyof RequerenteData];
  }
  return data;
}

/**
 * One applicant's data, kept on the server as a draft while it is typed: saved a second after typing stops and
 * when a field is left (only what passes the rules: what is missing is asked for at 'Enviar para análise').
 * A reload or another device has it. The form is never reset under the cursor: a save only records what it sent.
 * Once sent for review the data is read-only: 'Pedir correção' opens it, and 'Enviar correção' sends the change
 * at once (the server records it and sends this applicant's documents back to review). `locked`: no change at all.
 */
export function ApplicantForm({
  applicant,
  number,
  locked,
  onBirthDate,
}: {
  applicant: RequerenteRecord;
  number: number;
  locked: boolean;
  /** The birth date as typed, for the section's heading (adult or minor). */
  onBirthDate?: (value: string) => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    subscribe,
    reset,
    formState: { errors },
  } = useForm<ApplicantValues>({
    mode: 'onTouched',
    resolver: zodResolver(applicantSchema),
    defaultValues: toValues(applicant),
  });
  const sent = applicant.enviado_em !== '';
  const [correcting, setCorrecting] = useState(false);
  const [corrected, setCorrected] = useState(false);
  const readOnly = locked || (sent && !correcting);
  const storeSaved = useCallback(
    (record: RequerenteRecord) =>
      queryClient.setQueryData(caseFileQueries.applicants(record.agendamento).queryKey, (list) =>
        list?.map((r) => (r.id === record.id ? record : r)),
      ),
    [queryClient],
  );
  // Each change waits for typing to stop; leaving the page with a save still waiting sends it. A sent applicant's
  // change is a correction, sent as a whole by 'Enviar correção'.
  const { status, setStatus, saveNow, flush, markSaved, unsaved } = useAutosave({
    enabled: !locked && !sent,
    initial: draftOf(toValues(applicant)),
    read: useCallback(() => draftOf(getValues()), [getValues]),
    values: getValues,
    listen: useCallback(
      (changed: () => void) => subscribe({ formState: { values: true }, callback: changed }),
      [subscribe],
    ),
    save: useCallback(
      async (draft: Partial<RequerenteData>) => {
        storeSaved(await saveApplicant(applicant.id, draft));
      },
      [applicant.id, storeSaved],
    ),
  });
  // Typed but not saved: the browser asks before a reload or a closed tab throws it away.
  useLeaveWarning(unsaved);
  // 'Salvar dados' checks every field (and shows what is wrong), then saves at once.
  const sendCorrection = async () => {
    setStatus({ state: 'saving' });
    try {
      const draft = draftOf(getValues());
      storeSaved(await saveApplicant(applicant.id, draft));
      markSaved(draft);
      setStatus({ state: 'idle' });
      setCorrecting(false);
      setCorrected(true);
      await refreshCaseFile(queryClient);
    } catch (error) {
      setStatus({ state: 'error', error });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    handleSubmit(() => (sent ? sendCorrection() : saveNow()))(event);
  const onBlur = flush;
  const cancelCorrection = () => {
    reset(toValues(applicant));
    setStatus({ state: 'idle' });
    setCorrecting(false);
  };

  const [uf, nascimento, naoSei] = useWatch({ control, name: ['uf', 'data_nascimento', 'aire_nao_sei'] });
  useEffect(() => onBirthDate?.(nascimento), [nascimento, onBirthDate]);
  const consulado = consuladoDaUf(uf);
  const menor = ehMenor(nascimento, hojeSaoPaulo());
  const id = (name: string) => `r${number}-${name}`;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onBlur={onBlur}
      className="space-y-5"
      aria-label={`Dados do requerente ${number}`}
    >
      {sent && !locked ? (
        <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950">
          {correcting ? (
            <p>
              Corrija o que for preciso e clique em “Enviar correção”. A mudança fica registrada e os
              documentos deste requerente voltam para a análise da equipe.
            </p>
          ) : (
            <>
              <p>
                Estes dados já foram enviados para análise. Para mudar algum, peça a correção: a mudança fica
                registrada e os documentos deste requerente voltam para a análise da equipe.
              </p>
              <Button
                variant="secondary"
                className="mt-3"
                onClick={() => {
                  setCorrected(false);
                  setCorrecting(true);
                }}
              >
                Pedir correção
              </Button>
            </>
          )}
          <p role="status" className="mt-2 font-semibold empty:hidden">
            {corrected ? 'Correção enviada: os documentos deste requerente voltaram para análise.' : ''}
          </p>
        </div>
      ) : null}
      <fieldset disabled={readOnly} className="space-y-5">
        {sent ? null : (
          <p className="text-sm text-ink-600">
            Escreva os nomes como estão no registro civil italiano. O que você digita é salvo como rascunho:
            pode continuar depois, de qualquer aparelho.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={id('nome')}
            label="Nome(s)"
            autoComplete="off"
            error={errors.nome?.message}
            {...register('nome')}
          />
          <Field
            id={id('sobrenome')}
            label="Sobrenome(s)"
            autoComplete="off"
            error={errors.sobrenome?.message}
            {...register('sobrenome')}
          />
          <SelectField id={id('sexo')} label="Sexo" error={errors.sexo?.message} {...register('sexo')}>
            <option value="">Escolha</option>
            <option value="F">Feminino</option>
            <option value="M">Masculino</option>
          </SelectField>
          <Field
            id={id('nascimento')}
            type="date"
            label="Data de nascimento"
            max={hojeSaoPaulo()}
            error={errors.data_nascimento?.message}
            {...register('data_nascimento')}
          />
          <Field
            id={id('local')}
            label="Local de nascimento (cidade e país)"
            error={errors.local_nascimento?.message}
            {...register('local_nascimento')}
          />
          {menor ? null : (
            <Field
              id={id('cpf')}
              label="CPF"
              inputMode="numeric"
              autoComplete="off"
              error={errors.cpf?.message}
              {...maskedField(register('cpf'), maskCpf)}
            />
          )}
          <SelectField
            id={id('estado-civil')}
            label="Estado civil"
            error={errors.estado_civil?.message}
            {...register('estado_civil')}
          >
            <option value="">Escolha</option>
            {Object.entries(ESTADOS_CIVIS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <Field
            id={id('altura')}
            label="Altura (cm)"
            inputMode="numeric"
            error={errors.altura_cm?.message}
            {...register('altura_cm')}
          />
          <SelectField
            id={id('olhos')}
            label="Cor dos olhos"
            error={errors.cor_olhos?.message}
            {...register('cor_olhos')}
          >
            <option value="">Escolha</option>
            {COR_OLHOS.map((cor) => (
              <option key={cor} value={cor}>
                {cor}
              </option>
            ))}
          </SelectField>
        </div>

        {menor ? (
          <fieldset className="space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <legend className="px-1 font-semibold text-amber-950">Menor de 18 anos</legend>
            <p className="text-sm text-amber-950">
              Para um menor, informe o nome dos dois genitores. O genitor que não comparecer ao consulado
              assina a autorização (atto di assenso), pedida na lista de documentos abaixo.
            </p>
            <Field
              id={id('mae')}
              label="Nome completo da mãe"
              error={errors.mae_nome?.message}
              {...register('mae_nome')}
            />
            <Field
              id={id('pai')}
              label="Nome completo do pai"
              error={errors.pai_nome?.message}
              {...register('pai_nome')}
            />
          </fieldset>
        ) : null}

        <fieldset className="space-y-4">
          <legend className="font-semibold text-ink-900">Endereço no Brasil</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id('cep')}
              label="CEP"
              inputMode="numeric"
              autoComplete="postal-code"
              error={errors.cep?.message}
              {...maskedField(register('cep'), maskCep)}
            />
            <Field
              id={id('logradouro')}
              label="Endereço (rua, avenida)"
              autoComplete="address-line1"
              error={errors.logradouro?.message}
              {...register('logradouro')}
            />
            <Field id={id('numero')} label="Número" error={errors.numero?.message} {...register('numero')} />
            <Field
              id={id('complemento')}
              label="Complemento (opcional)"
              error={errors.complemento?.message}
              {...register('complemento')}
            />
            <Field
              id={id('cidade')}
              label="Cidade"
              autoComplete="address-level2"
              error={errors.cidade?.message}
              {...register('cidade')}
            />
            <SelectField id={id('uf')} label="UF" error={errors.uf?.message} {...register('uf')}>
              <option value="">Escolha</option>
              {UFS.map((sigla) => (
                <option key={sigla} value={sigla}>
                  {sigla}
                </option>
              ))}
            </SelectField>
          </div>
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-900">
            {consulado ? (
              <>
                Consulado: <strong>{REGRAS.consulados[consulado].nome}</strong>
                {REGRAS.consulados[consulado].nota ? <> · {REGRAS.consulados[consulado].nota}</> : null}
              </>
            ) : (
              'Escolha a UF para ver o consulado que atende o requerente.'
            )}
          </p>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="font-semibold text-ink-900">Registro italiano e passaporte anterior</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id('aire')}
              label="Comune de inscrição no AIRE"
              disabled={naoSei}
              error={errors.aire_comune?.message}
              {...register('aire_comune')}
            />
            <CheckboxField
              className="sm:mt-8"
              label="Não sei o comune do AIRE"
              checked={naoSei}
              onChange={(checked) => {
                setValue('aire_nao_sei', checked, { shouldDirty: true });
                if (checked) setValue('aire_comune', '', { shouldDirty: true });
              }}
            />
            <Field
              id={id('passaporte')}
              label="Número do passaporte italiano anterior (se houver)"
              error={errors.passaporte_numero?.message}
              {...register('passaporte_numero')}
            />
            <Field
              id={id('validade')}
              type="date"
              label="Validade do passaporte anterior"
              error={errors.passaporte_validade?.message}
              {...register('passaporte_validade')}
            />
          </div>
        </fieldset>

        {status.state === 'error' ? (
          <FormAlert>
            {caseFileErrorMessage(status.error, 'Não foi possível salvar o rascunho.')}{' '}
            <button type="button" className="underline" onClick={() => void saveNow()}>
              Tentar de novo
            </button>
          </FormAlert>
        ) : null}
        <div className={`flex flex-wrap items-center gap-4 ${readOnly ? 'hidden' : ''}`}>
          <Button type="submit" loading={status.state === 'saving'} loadingText="Salvando...">
            {sent ? 'Enviar correção' : 'Salvar dados'}
          </Button>
          {correcting ? (
            <Button variant="ghost" onClick={cancelCorrection}>
              Cancelar correção
            </Button>
          ) : null}
          <p role="status" className="font-semibold text-brand-800">
            {status.state === 'saving'
              ? 'Salvando…'
              : (status.state === 'saved' || status.state === 'editing') && status.at
                ? `Rascunho salvo às ${status.at}.`
                : ''}
          </p>
        </div>
      </fieldset>
    </form>
  );
}
