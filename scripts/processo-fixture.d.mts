import type { RequerenteData } from '../src/lib/processo.ts';

export declare const PDF_BYTES: Uint8Array<ArrayBuffer>;
/** A one-page PDF a viewer renders, showing `text`. */
export declare function pdfPage(text: string): Uint8Array<ArrayBuffer>;
export declare const DADOS_CURITIBA: Readonly<
  Pick<
    RequerenteData,
    | 'local_nascimento'
    | 'estado_civil'
    | 'altura_cm'
    | 'cor_olhos'
    | 'cep'
    | 'logradouro'
    | 'numero'
    | 'cidade'
    | 'uf'
    | 'aire_nao_sei'
  >
>;
