/** The pieces the seed's generated customers are made of: common Brazilian first names and surnames. */
const list = (names: string): string[] => names.trim().split(/\s*,\s*/);

export const FIRST_NAMES = list(`
  Ana Paula, Antônio, Antônia, Beatriz, Bruno, Camila, Cecília, César, Cláudia, Débora, Eduardo, Fábio, Fernanda,
  Francisco, Gabriel, Helena, Inês, Isabela, João, José, Júlia, Júlio, Letícia, Lúcia, Luís Otávio, Luíza, Marcelo,
  Márcia, Márcio, Maria Luísa, Mônica, Otávio, Patrícia, Rafael, Raíssa, Ricardo, Rodrigo, Sebastião, Sônia, Thaís,
  Tomás, Vânia, Vinícius, Vitória, André, Caio, Simone, Renato, Gustavo, Lívia`);
export const BRAZILIAN_SURNAMES = list(`
  Silva, Santos, Oliveira, Souza, Rodrigues, Ferreira, Alves, Pereira, Gomes, Ribeiro, Carvalho, Gonçalves, Araújo,
  Magalhães, Simões, Guimarães, Brandão, Falcão, Nóbrega, Conceição, Assunção, Lopes, Barbosa, Mendonça, Estêvão`);
export const ITALIAN_SURNAMES = list(`
  Bianchi, Rossi, Ferrari, Esposito, Romano, Colombo, Ricci, Marino, Greco, Gallo, Conti, De Luca, Mancini, Costa,
  Giordano, Rizzo, Lombardi, Moretti, D'Angelo, Barbieri, Fontana, Santoro, Rinaldi, Caruso, Ferrara, Martini, Leone,
  Gentile, Martinelli, Vitale, Serra, Coppola, De Santis, D'Amico, Marchetti, Parisi, Pellegrini, Bertolucci,
  Zanetti, Pavan`);
/** Always generated, so searches for accented names have known hits. */
export const FIXED_CUSTOMERS = list(
  'Ana Paula da Conceição Ferraro, Rafael Gonçalves Bianchi, Sebastião Araújo Rossi',
);
export const AREA_CODES = list('11, 21, 31, 41, 47, 48, 51, 54, 61, 71, 81, 19, 27, 85');
