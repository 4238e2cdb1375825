// A case file's test data, shared by the server tests, the real-backend e2e specs, the integration tests and
// the server bench: the bytes of a file the server takes as a PDF, and an applicant's data complete but for who
// they are (name, sex, birth date, CPF).

/** The smallest PDF the documents' file field accepts (application/pdf by its content). */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A one-page PDF a viewer renders: `text` in large type (ASCII), with a valid cross-reference table. */
export function pdfPage(text) {
  const stream = `BT /F1 28 Tf 40 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${stream.length}>>stream\n${stream}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj${body}endobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

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
