// Who the demo learners and leads are: Spanish names, where they live (for their local hours), and
// addresses at example.com that can never reach anyone.

export type Gender = 'f' | 'm';

export const FEMALE_NAMES = [
  'Lucía',
  'Valentina',
  'Camila',
  'Sofía',
  'Martina',
  'Florencia',
  'Agustina',
  'Daniela',
  'Carolina',
  'Mariana',
  'Paula',
  'Julieta',
  'Gabriela',
  'Natalia',
  'Andrea',
  'Verónica',
  'Laura',
  'Romina',
  'Carla',
  'Ximena',
  'Fernanda',
  'Renata',
  'Antonella',
  'Micaela',
  'Belén',
  'Rocío',
  'Pilar',
  'Inés',
  'Elena',
  'Alejandra',
  'Victoria',
  'Milagros',
  'Soledad',
  'Celeste',
  'Ana',
  'Clara',
  'Josefina',
  'Lorena',
  'Silvina',
  'Marisol',
] as const;

export const MALE_NAMES = [
  'Martín',
  'Santiago',
  'Mateo',
  'Diego',
  'Joaquín',
  'Tomás',
  'Nicolás',
  'Federico',
  'Andrés',
  'Pablo',
  'Gonzalo',
  'Javier',
  'Sebastián',
  'Emiliano',
  'Rodrigo',
  'Lucas',
  'Facundo',
  'Ignacio',
  'Hernán',
  'Esteban',
] as const;

export const SURNAMES = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'García',
  'Pérez',
  'Gómez',
  'Sánchez',
  'Romero',
  'Díaz',
  'Torres',
  'Álvarez',
  'Ruiz',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Rojas',
  'Morales',
  'Ortiz',
  'Silva',
  'Navarro',
  'Molina',
  'Suárez',
  'Ríos',
  'Aguirre',
  'Cabrera',
  'Benítez',
  'Acosta',
  'Ramírez',
  'Flores',
  'Mendoza',
  'Paredes',
  'Salazar',
  'Quiroga',
  'Ibarra',
  'Vega',
  'Cortés',
  'Peralta',
] as const;

/** Where the audience lives; the offset (hours from UTC, no summer time) places their evenings. */
export const PLACES = [
  { timeZone: 'America/Argentina/Buenos_Aires', utcOffset: -3, weight: 45 },
  { timeZone: 'America/Mexico_City', utcOffset: -6, weight: 18 },
  { timeZone: 'America/Bogota', utcOffset: -5, weight: 10 },
  { timeZone: 'America/Montevideo', utcOffset: -3, weight: 8 },
  { timeZone: 'America/Santiago', utcOffset: -4, weight: 8 },
  { timeZone: 'Europe/Madrid', utcOffset: 1, weight: 11 },
] as const;
export type Place = (typeof PLACES)[number];

/** Lower case, no accents: for user names and addresses. */
export const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Nicknames people shorten their first names to. */
const SHORT: Record<string, string> = {
  valentina: 'valen',
  camila: 'cami',
  florencia: 'flor',
  agustina: 'agus',
  daniela: 'dani',
  carolina: 'caro',
  mariana: 'marian',
  gabriela: 'gabi',
  natalia: 'nati',
  antonella: 'anto',
  micaela: 'mica',
  alejandra: 'ale',
  victoria: 'vicky',
  milagros: 'mili',
  josefina: 'jose',
  fernanda: 'fer',
  sebastian: 'seba',
  federico: 'fede',
  nicolas: 'nico',
  gonzalo: 'gonza',
  ignacio: 'nacho',
  joaquin: 'joaco',
  facundo: 'facu',
  santiago: 'santi',
};

/** A user name in one of the styles people pick (all match the sign-up pattern). */
export function usernameFor(first: string, last: string, style: number, digits: number): string {
  const f = plain(first);
  const l = plain(last);
  const short = SHORT[f] ?? f;
  switch (style % 6) {
    case 0:
      return `${f}.${l}`;
    case 1:
      return `${short}_${l}`;
    case 2:
      return `${f}${l.slice(0, 1)}${digits}`;
    case 3:
      return `${short}.${l}`;
    case 4:
      return `${f}-${l}`;
    default:
      return `${short}${l}${digits}`;
  }
}
