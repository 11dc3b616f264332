/**
 * Names for the demo school and the seeded random numbers that choose among them. The school is bilingual
 * (English/Spanish), so about half the families carry Hispanic names; the rest reflect a mixed US district. A small
 * deterministic PRNG (mulberry32 seeded from a string hash) means the same inputs always build the same school, so the
 * README, screenshots and tests can rely on it; Math.random is never used here.
 */

/** A seeded source of random choices. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One item chosen by weight, from [item, weight] pairs. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T;
  /** A shuffled copy of a list (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** Hashes a string to 32 bits (FNV-1a), the seed for mulberry32. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Creates a deterministic PRNG (mulberry32) from a seed string. */
export function createRandom(seed: string): Random {
  let state = hashSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick: empty list');
    return item;
  };
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of choices) {
        r -= w;
        if (r < 0) return item;
      }
      const last = choices[choices.length - 1];
      if (!last) throw new Error('weighted: empty list');
      return last[0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        const a = out[i] as T;
        out[i] = out[j] as T;
        out[j] = a;
      }
      return out;
    },
  };
}

/** Splits a comma-separated list (kept compact so the lists read as lists). */
const list = (names: string): readonly string[] =>
  names
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);

/** Given names and family names of one origin. */
export interface NameLists {
  female: readonly string[];
  male: readonly string[];
  last: readonly string[];
}

export type NameOrigin = 'hispanic' | 'anglo' | 'asian' | 'southAsian' | 'african' | 'pacific';

/** The name lists by origin, so a family's given names mostly match its family name. */
export const NAMES: Readonly<Record<NameOrigin, NameLists>> = {
  hispanic: {
    female: list(`
      María, Sofía, Valentina, Camila, Isabella, Ximena, Guadalupe, Daniela, Lucía, Mariana, Gabriela, Natalia,
      Andrea, Paola, Fernanda, Alejandra, Renata, Jimena, Victoria, Adriana, Esperanza, Leticia, Yesenia, Rosa,
      Araceli, Marisol, Itzel, Abril, Carolina, Beatriz
    `),
    male: list(`
      José, Luis, Carlos, Juan, Miguel, Alejandro, Diego, Santiago, Mateo, Sebastián, Emiliano, Leonardo, Francisco,
      Jesús, Antonio, Ricardo, Eduardo, Fernando, Javier, Julián, Ángel, Rafael, Roberto, Joaquín, Iker, Manuel,
      Andrés, Guillermo, Héctor, Óscar
    `),
    last: list(`
      García, Hernández, López, Martínez, González, Rodríguez, Pérez, Sánchez, Ramírez, Torres, Flores, Rivera,
      Gómez, Díaz, Reyes, Morales, Cruz, Ortiz, Gutiérrez, Chávez, Ramos, Ruiz, Mendoza, Álvarez, Castillo, Jiménez,
      Vásquez, Romero, Herrera, Medina, Aguilar, Vargas, Castro, Guzmán, Salazar, Delgado, Contreras, Estrada,
      Navarro, Cervantes, Ochoa, Villanueva, Santos, De la Cruz, Reyes-Bautista
    `),
  },
  anglo: {
    female: list(`
      Emma, Olivia, Ava, Mia, Harper, Abigail, Emily, Elizabeth, Madison, Chloe, Grace, Hannah, Zoe, Aaliyah, Imani,
      Jasmine, Kiara, Nia, Naomi, Siobhan, Brooklyn, Taylor
    `),
    male: list(`
      Liam, Noah, Oliver, Elijah, James, William, Benjamin, Lucas, Henry, Alexander, Michael, Christopher, Daniel,
      Ethan, Jayden, Malik, Darius, Andre, Jamal, Connor, Tyler, Isaiah
    `),
    last: list(`
      Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Thomas, Taylor, Moore, Jackson,
      Martin, Thompson, White, Harris, Clark, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Green,
      Baker, Adams, Nelson, Carter, Mitchell, Washington, Jefferson, O'Brien, Murphy, Sullivan, Brooks
    `),
  },
  asian: {
    female: list('Mei, Lin, Mai, Linh, Ji-woo, Yuna, Hana, Xiu, Thao, Sakura'),
    male: list('Wei, Kenji, Minh, Duc, Min-jun, Hiroshi, Jun, Bao, Hao, Tuan'),
    last: list('Nguyen, Tran, Pham, Le, Kim, Park, Choi, Chen, Wang, Li, Zhang, Yamamoto, Tanaka'),
  },
  southAsian: {
    female: list('Priya, Ananya, Aisha, Fatima, Zara, Meera, Layla, Noor'),
    male: list('Arjun, Rohan, Omar, Yusuf, Aarav, Karim, Ibrahim, Vikram'),
    last: list('Patel, Singh, Shah, Khan, Haddad, Rahman, Kapoor, Hassan'),
  },
  african: {
    female: list('Amara, Adaeze, Ama, Zuri, Nkechi'),
    male: list('Chidi, Kwame, Kofi, Tunde, Emeka'),
    last: list('Okafor, Mensah, Adeyemi, Boateng, Nwosu'),
  },
  pacific: {
    female: list('Leilani, Malia, Kalani, Noelani'),
    male: list('Kai, Keoni, Makoa, Sione'),
    last: list('Kealoha, Fonoti, Tupou, Kahananui'),
  },
};

/** How common each origin is in the demo district: about half the families are Hispanic. */
export const ORIGIN_WEIGHTS: ReadonlyArray<readonly [NameOrigin, number]> = [
  ['hispanic', 50],
  ['anglo', 31],
  ['asian', 9],
  ['southAsian', 5],
  ['african', 3],
  ['pacific', 2],
];

/** Picks a given name: mostly from the family's origin, sometimes an English or Spanish name as many families do. */
export function givenName(rnd: Random, origin: NameOrigin, female: boolean): string {
  const from = rnd.chance(0.8) ? origin : origin === 'anglo' ? 'hispanic' : 'anglo';
  const names = NAMES[from];
  return rnd.pick(female ? names.female : names.male);
}

/** Short names some scholars go by, offered as the nickname when the first name has one. */
export const NICKNAMES: Readonly<Record<string, string>> = {
  Alejandro: 'Alex',
  Alexander: 'Xander',
  Guadalupe: 'Lupe',
  Francisco: 'Paco',
  José: 'Pepe',
  Jesús: 'Chuy',
  Guillermo: 'Memo',
  Eduardo: 'Lalo',
  Roberto: 'Beto',
  Ricardo: 'Ricky',
  Antonio: 'Tony',
  Sebastián: 'Sebas',
  Leonardo: 'Leo',
  Valentina: 'Vale',
  Isabella: 'Bella',
  Alejandra: 'Ale',
  Daniela: 'Dani',
  Gabriela: 'Gaby',
  Fernanda: 'Fer',
  Elizabeth: 'Liz',
  Abigail: 'Abby',
  Christopher: 'Chris',
  William: 'Will',
  Benjamin: 'Ben',
  Michael: 'Mike',
  Daniel: 'Danny',
};

/** Health and safety notes the front office and cafeteria must see, for a few scholars. */
export const ALERTS: readonly string[] = [
  'Peanut allergy',
  'Peanut allergy: EpiPen in the front office',
  'Tree nut allergy',
  'Bee sting allergy: EpiPen in the front office',
  'Asthma: inhaler in the nurse office',
  'Type 1 diabetes: see the nurse plan before lunch',
  'Lactose intolerant',
  'Gluten-free diet (celiac)',
  'Custody order on file: release only to adults on the pick-up list',
  'Seizure plan on file with the nurse',
];
