/** An applicant's data as staff read it on the booking page, each value with its copy button. */
import { maskCpf } from '@/lib/cpf';
import { formatDate } from '@/lib/dates';
import { ESTADOS_CIVIS, nomeRequerente, type RequerenteRecord } from '@/lib/processo';
import { CopyButton } from '../booking-panels';

const MARITAL: Record<string, string | undefined> = ESTADOS_CIVIS;

/** One line of an applicant's data: the term, the value, and a copy button named after the field. */
interface DataLine {
  term: string;
  /** what the copy button's name says: 'Copiar CPF de Maria Rossi' */
  what: string;
  value: string;
}

function dataLines(applicant: RequerenteRecord, minor: boolean): DataLine[] {
  const address = [applicant.logradouro, applicant.numero, applicant.complemento].filter(Boolean).join(', ');
  const passport = applicant.passaporte_numero
    ? `${applicant.passaporte_numero}${applicant.passaporte_validade ? `, válido até ${formatDate(applicant.passaporte_validade)}` : ''}`
    : '';
  const lines: Array<[string, string, string]> = [
    ['Nome', 'nome', applicant.nome],
    ['Sobrenome', 'sobrenome', applicant.sobrenome],
    ['Sexo', 'sexo', applicant.sexo === 'F' ? 'Feminino' : applicant.sexo === 'M' ? 'Masculino' : ''],
    ['Data de nascimento', 'data de nascimento', formatDate(applicant.data_nascimento)],
    ['Local de nascimento', 'local de nascimento', applicant.local_nascimento],
    ['CPF', 'CPF', applicant.cpf ? maskCpf(applicant.cpf) : ''],
    ['Estado civil', 'estado civil', MARITAL[applicant.estado_civil] ?? applicant.estado_civil],
    ['Altura', 'altura', applicant.altura_cm > 0 ? `${applicant.altura_cm} cm` : ''],
    ['Cor dos olhos', 'cor dos olhos', applicant.cor_olhos],
    ['CEP', 'CEP', applicant.cep],
    ['Endereço', 'endereço', address],
    ['Cidade', 'cidade', applicant.cidade ? `${applicant.cidade} - ${applicant.uf}` : applicant.uf],
    ['Comune do AIRE', 'comune do AIRE', applicant.aire_nao_sei ? 'Não sabe' : applicant.aire_comune],
    ['Passaporte italiano anterior', 'passaporte anterior', passport],
  ];
  if (minor || applicant.mae_nome || applicant.pai_nome) {
    lines.push(['Mãe', 'nome da mãe', applicant.mae_nome], ['Pai', 'nome do pai', applicant.pai_nome]);
  }
  const name = nomeRequerente(applicant);
  return lines.map(([term, what, value]) => ({ term, what: `${what} de ${name}`, value }));
}

export function ApplicantData({ applicant, minor }: { applicant: RequerenteRecord; minor: boolean }) {
  return (
    <dl className="grid gap-x-6 sm:grid-cols-2">
      {dataLines(applicant, minor).map((line) => (
        <div key={line.term} className="border-t border-gray-100 py-2">
          <dt className="text-sm text-ink-600">{line.term}</dt>
          <dd className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-medium wrap-anywhere text-ink-900">
              {line.value || <span className="text-ink-600">Não informado</span>}
            </span>
            {line.value ? <CopyButton text={line.value} what={line.what} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
