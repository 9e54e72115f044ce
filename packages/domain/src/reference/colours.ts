import type { Label } from '../label';

/**
 * Common car colours. The colour fields of an ad are free text (max 40 characters), so these
 * are suggestions; search also uses them to recognise colour words in either language.
 */
export interface Colour {
  readonly code: string;
  readonly label: Label;
}

export const COLOURS: readonly Colour[] = [
  { code: 'BEIGE', label: { es: 'Beige', en: 'Beige' } },
  { code: 'BLACK', label: { es: 'Negro', en: 'Black' } },
  { code: 'BLUE', label: { es: 'Azul', en: 'Blue' } },
  { code: 'BROWN', label: { es: 'Café', en: 'Brown' } },
  { code: 'GREEN', label: { es: 'Verde', en: 'Green' } },
  { code: 'GREY', label: { es: 'Gris', en: 'Grey' } },
  { code: 'RED', label: { es: 'Rojo', en: 'Red' } },
  { code: 'SILVER', label: { es: 'Plateado', en: 'Silver' } },
  { code: 'WHITE', label: { es: 'Blanco', en: 'White' } },
  { code: 'GOLD', label: { es: 'Dorado', en: 'Gold' } },
  { code: 'ORANGE', label: { es: 'Anaranjado', en: 'Orange' } },
  { code: 'YELLOW', label: { es: 'Amarillo', en: 'Yellow' } },
  { code: 'WINE', label: { es: 'Vino', en: 'Wine' } },
  { code: 'PURPLE', label: { es: 'Morado', en: 'Purple' } },
  { code: 'CHAMPAGNE', label: { es: 'Champán', en: 'Champagne' } },
];

const colourByCode = new Map(COLOURS.map((colour) => [colour.code, colour]));

export function findColour(code: string): Colour | undefined {
  return colourByCode.get(code);
}
