/**
 * Product search over the live catalogue held in memory (the product list cache's rows), ranked the way a
 * shopper means it: every word of the name, the category, the description and the ingredients is a term; a
 * query word matches a term exactly, as the start of it (typing "strawb"), or within one edit (two for words of
 * eight letters or more, a swap of neighbouring letters counting as one edit). Plurals are folded ("tomatoes"
 * and "tomato" are one term), accents ignored, and words split or joined ("pop corn", "icecream") are tried
 * both ways against the terms the catalogue has. A word found in the name counts for more than one found in
 * the category, which counts for more than the description and the ingredients.
 *
 * The index is built once per catalogue version (a few milliseconds for the demo catalogue) and a search reads
 * memory only, so it answers the same on PGlite and on a PostgreSQL server, on every replica.
 */
import { categoryText } from '@larder/shared-domain';

/** What the index needs of a product. */
export interface SearchableProduct {
  name: string;
  category: string;
  description: readonly string[];
  ingredients: string | null;
}

/** How much a word found in each part of a product counts. */
const FIELD_WEIGHT = { name: 10, category: 4, description: 2, ingredients: 2 } as const;
type Field = keyof typeof FIELD_WEIGHT;

/** How well a query word matches a term: exactly, as its start, or within one or two edits. */
const MATCH = { exact: 1, prefix: 0.8, oneEdit: 0.6, twoEdits: 0.4, fuzzyPrefix: 0.35 } as const;

/** Words that say nothing about what is wanted. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'of', 'in', 'the', 'with', 'for', 'from', 'not', 'x']);

/**
 * Words spelt more than one way (American and British spellings, shortened forms), each folded to one spelling
 * on both sides, so a search in either finds a product written in either.
 */
const SPELLINGS: Record<string, string> = {
  donut: 'doughnut',
  yogurt: 'yoghurt',
  chili: 'chilli',
  chile: 'chilli',
  flavor: 'flavour',
  color: 'colour',
  catsup: 'ketchup',
  ketchup: 'ketchup',
};

/** Plurals a suffix rule would fold wrongly. */
const IRREGULAR: Record<string, string> = {
  leaves: 'leaf',
  loaves: 'loaf',
  halves: 'half',
  knives: 'knife',
  potatoes: 'potato',
  tomatoes: 'tomato',
  mangoes: 'mango',
};

/** Lower case, accents removed, `&` read as a separator. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a text: runs of letters and digits (apostrophes dropped, so "cows'" is "cows"). */
export function words(text: string): string[] {
  return (
    normalise(text)
      .replace(/['\u2019]/g, '')
      .match(/[a-z0-9]+/g) ?? []
  );
}

/**
 * A word's term: near enough its singular that a word and its plural always give the same term. A final "y",
 * "ie" or "ies" all become "i" ("berry", "berries" -> "berri"; "cookie", "cookies" -> "cooki"), since which one a
 * singular ends in cannot be told from its plural.
 */
export function stem(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3 || /\d/.test(word)) return SPELLINGS[word] ?? word;
  let term = word;
  if (term.endsWith('ies')) term = term.slice(0, -2);
  else if (/(ches|shes|sses|xes|zes)$/.test(term)) term = term.slice(0, -2);
  else if (term.endsWith('s') && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1);
  term = SPELLINGS[term] ?? term;
  if (term.endsWith('ie')) return term.slice(0, -1);
  if (term.endsWith('y')) return `${term.slice(0, -1)}i`;
  return term;
}

/**
 * Edit distance with a swap of neighbouring letters as one edit (optimal string alignment), or `max + 1` as
 * soon as it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** How many query words' matches an index keeps. */
const WORD_CACHE_SIZE = 5000;

/** How many edits a query word of this length may be away from a term. */
function editsAllowed(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

interface Posting {
  /** Index of the product. */
  product: number;
  /** The heaviest field the term appears in. */
  weight: number;
  /** Whether the term is in the name. */
  inName: boolean;
}

/** One query word (or a pair joined, or a word split) and the products it matched, with their best scores. */
type WordHits = Map<number, { score: number; inName: boolean }>;

export class SearchIndex<P extends SearchableProduct> {
  private readonly terms = new Map<string, Posting[]>();
  private readonly wordCache = new Map<string, WordHits>();
  /** The number of words in each product's name, numbers left out (a pack size says nothing of the product). */
  private readonly nameLength: number[];

  constructor(private readonly products: readonly P[]) {
    this.nameLength = products.map((p) => words(p.name).filter((w) => !/\d/.test(w)).length || 1);
    products.forEach((product, index) => {
      const fields: [Field, string][] = [
        ['name', product.name],
        ['category', `${product.category} ${categoryText(product.category)}`],
        ['description', product.description.join(' ')],
        ['ingredients', product.ingredients ?? ''],
      ];
      for (const [field, text] of fields) {
        for (const word of words(text)) this.add(stem(word), index, field);
      }
    });
  }

  private add(term: string, product: number, field: Field): void {
    const postings = this.terms.get(term) ?? [];
    if (!this.terms.has(term)) this.terms.set(term, postings);
    const weight = FIELD_WEIGHT[field];
    const existing = postings.find((p) => p.product === product);
    if (!existing) postings.push({ product, weight, inName: field === 'name' });
    else {
      existing.weight = Math.max(existing.weight, weight);
      existing.inName ||= field === 'name';
    }
  }

  /** Products matching the text, best first: by how many of its words they match, then by score. */
  search(text: string): P[] {
    const all = words(text);
    const meaningful = all.filter((w) => !STOP_WORDS.has(w));
    const queryWords = meaningful.length ? meaningful : all;
    if (!queryWords.length) return [];

    const perWord = this.matchWords(queryWords);
    const totals = new Map<number, { score: number; matched: number; nameWords: number }>();
    for (const hits of perWord) {
      for (const [product, hit] of hits) {
        const total = totals.get(product) ?? { score: 0, matched: 0, nameWords: 0 };
        total.score += hit.score;
        total.matched += 1;
        if (hit.inName) total.nameWords += 1;
        totals.set(product, total);
      }
    }
    return [...totals.entries()]
      .map(([product, total]) => ({
        product,
        matched: total.matched,
        // A name made mostly of the words asked for is the closer match ("butter": Salted Butter first).
        score: total.score + (2 * total.nameWords) / this.nameLength[product]!,
      }))
      .sort(
        (a, b) =>
          b.matched - a.matched ||
          b.score - a.score ||
          this.products[a.product]!.name.localeCompare(this.products[b.product]!.name),
      )
      .map((entry) => this.products[entry.product]!);
  }

  /**
   * The hits of each query word. Neighbouring words that together make a term ("pop corn") count as that
   * term, and a word that is no term but two terms run together ("icecream") counts as both.
   */
  private matchWords(queryWords: string[]): WordHits[] {
    const result: WordHits[] = [];
    for (let i = 0; i < queryWords.length; i += 1) {
      const word = queryWords[i]!;
      const next = queryWords[i + 1];
      if (next !== undefined) {
        const joined = stem(word + next);
        if (this.terms.has(joined) && !this.terms.has(stem(word))) {
          result.push(this.hits(joined));
          i += 1;
          continue;
        }
      }
      const term = stem(word);
      if (!this.terms.has(term)) {
        const split = this.split(word);
        if (split) {
          result.push(...split.map((part) => this.hits(part)));
          continue;
        }
      }
      result.push(this.hits(term, word));
    }
    return result;
  }

  /** A word as two catalogue terms run together, when it is one ("icecream" -> "ice", "cream"). */
  private split(word: string): [string, string] | undefined {
    for (let at = 3; at <= word.length - 3; at += 1) {
      const left = stem(word.slice(0, at));
      const right = stem(word.slice(at));
      if (this.terms.has(left) && this.terms.has(right)) return [left, right];
    }
    return undefined;
  }

  /**
   * The products one query word matches, each with its best score. Shoppers repeat words (and each keystroke
   * repeats the word so far), so the answers are kept for the life of this catalogue version, up to a bound.
   */
  private hits(term: string, typed = term): WordHits {
    const key = `${term} ${typed}`;
    const known = this.wordCache.get(key);
    if (known) return known;
    if (this.wordCache.size >= WORD_CACHE_SIZE) this.wordCache.clear();
    const hits = this.matchWord(term, typed);
    this.wordCache.set(key, hits);
    return hits;
  }

  private matchWord(term: string, typed: string): WordHits {
    const hits: WordHits = new Map();
    const record = (postings: Posting[], quality: number) => {
      for (const posting of postings) {
        const score = quality * posting.weight;
        const best = hits.get(posting.product);
        if (!best || best.score < score) hits.set(posting.product, { score, inName: posting.inName });
      }
    };
    const exact = this.terms.get(term);
    if (exact) record(exact, MATCH.exact);
    // Digits are a pack size or a quantity: matched as typed or as the start of a term only.
    const fuzzy = !exact && !/\d/.test(term);
    const allowed = fuzzy ? editsAllowed(term.length) : 0;
    // A typo can hide a plural ("cookeis" keeps its "s" by the rules above): try it without the "s" too.
    const bare = typed.endsWith('s') && typed.length > 4 ? typed.slice(0, -1) : term;
    for (const [candidate, postings] of this.terms) {
      if (candidate === term) continue;
      if (term.length >= 2 && candidate.startsWith(term)) {
        record(postings, MATCH.prefix);
        continue;
      }
      if (!allowed) continue;
      const distance = Math.min(
        editDistance(term, candidate, allowed),
        bare === term ? allowed + 1 : editDistance(bare, candidate, allowed),
      );
      if (distance <= allowed) {
        record(postings, distance === 1 ? MATCH.oneEdit : MATCH.twoEdits);
      } else if (term.length >= 5 && candidate.length > term.length) {
        // A typo in a word still being typed ("strwab"): the start of the term, one edit away.
        const start = candidate.slice(0, term.length);
        if (editDistance(term, start, 1) <= 1) record(postings, MATCH.fuzzyPrefix);
      }
    }
    return hits;
  }
}
