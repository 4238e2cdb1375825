// A case file's test data, shared by the server tests, the real-backend e2e specs, the integration tests and
// the server bench: the bytes of a file the server takes as a PDF, and an applicant's data complete but for who
// they are (name, sex, birth date, CPF).

/** The smallest PDF the documents' file field accepts (application/pdf by its content). */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** An applicant's data living in Curitiba (PR: the Curitiba consulate), not knowing their AIRE comune. */
export const DADOS_CURITIBA = Object.freeze({
  local_nascimento: 'Curitiba - PR',
  estado_civil: 'casado',
  altura_cm: 165,
  cor_olhos: 'castanhos',
  cep: '80010-000',
  logradouro: 'Rua XV de Novembro',
  numero: '100',
  cidade: 'Curitiba',
  uf: 'PR',
  aire_nao_sei: true,
});
