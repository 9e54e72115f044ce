import type { Label } from './label';
import { riskReason } from './reference/moderation-labels.json';

/**
 * Scam and duplicate signals (issue 20): the reasons an ad may be risky, their weights, the rules
 * that find money asked for before the car is seen (Spanish and English), and the perceptual-hash
 * arithmetic photos are compared with. No I/O: moderation gathers the facts, these rules judge them.
 */
export const RISK_REASONS = [
  'PHOTO_OF_OTHER_SELLER',
  'DUPLICATE_AD',
  'SHARED_PHONE',
  'ADVANCE_PAYMENT_TEXT',
  'NEW_ACCOUNT_BURST',
  'PRICE_FAR_BELOW_ESTIMATE',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/**
 * What each reason adds to the score (capped at 100). A reason about the ad itself (its photos, its
 * text, a price far below its estimated market price: decision 0099) reaches the default hold
 * threshold of 50 alone; the account's signals (a shared phone, a burst of ads) rank the ad higher
 * in the queue but hold it only with another reason.
 */
export const RISK_WEIGHTS: Readonly<Record<RiskReason, number>> = {
  PHOTO_OF_OTHER_SELLER: 60,
  DUPLICATE_AD: 50,
  SHARED_PHONE: 25,
  ADVANCE_PAYMENT_TEXT: 60,
  NEW_ACCOUNT_BURST: 20,
  PRICE_FAR_BELOW_ESTIMATE: 50,
};

export const RISK_REASON_LABELS: Readonly<Record<RiskReason, Label>> = riskReason;

/** The score of a set of reasons: the sum of their weights, at most 100. */
export function riskScore(reasons: readonly RiskReason[]): number {
  const total = [...new Set(reasons)].reduce((sum, reason) => sum + RISK_WEIGHTS[reason], 0);
  return Math.min(100, total);
}

/** Reasons in the order of their weight, heaviest first (how the queue lists them). */
export const sortReasons = (reasons: readonly RiskReason[]): RiskReason[] =>
  [...new Set(reasons)].sort((a, b) => RISK_WEIGHTS[b] - RISK_WEIGHTS[a] || RISK_REASONS.indexOf(a) - RISK_REASONS.indexOf(b));

// ---- Text asking for money before the car is seen -------------------------------------------

export const SCAM_TEXT_RULES = ['DEPOSIT', 'SINPE_THIRD_PARTY', 'PAYMENT_FROM_ABROAD', 'BEFORE_SEEING', 'MONEY_TRANSFER_SERVICE'] as const;
export type ScamTextRule = (typeof SCAM_TEXT_RULES)[number];

/** Lower case, accents removed, spaces collapsed: "Depósito" and "deposito" read alike. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** One pattern written in two lines: the parts' sources one after the other. */
const joined = (...parts: RegExp[]): RegExp => new RegExp(parts.map((part) => part.source).join(''));

/**
 * Each rule, on folded text. Ordinary words of an honest ad (SINPE Móvil accepted, a "prima" for
 * financing, a trade-in, "revise antes de comprar") match none: only money asked for up front, sent
 * to somebody else, from abroad or through a transfer service does.
 */
const PATTERNS: Readonly<Record<ScamTextRule, RegExp[]>> = {
  DEPOSIT: [
    /\b(adelanto|anticipo)\b/,
    // A deposit with money or a reservation near it (not "el depósito del radiador").
    joined(
      /\bdeposit(o|e|ar|arme|en|a|ame)?\b.{0,50}/,
      /\b(colones|dolares|cuenta|sinpe|apartar\w*|reservar\w*|antes|adelanto|first|to hold|to reserve|account|western|money ?gram|transfer\w*)\b/,
    ),
    /\b(colones|dolares|cuenta|sinpe|apartar\w*|reservar\w*|adelanto|pay|send)\b.{0,50}\bdeposit(o|e|ar|arme|en|a|ame)?\b/,
    /\b(para|por) (apartar|reservar)(lo|la)?\b/,
    /\b(apartar|reservar)(lo|la)? con\b/,
    /\b(reservation|holding) fee\b/,
    /\bto (reserve|hold) (it|the car|the vehicle)\b/,
    // Not "down payment": the part of a financed price, paid at the sale.
    /\b(advance payment|pay (first|upfront|up front|in advance))\b/,
    /\b(pago|pagar|pague) (por )?adelantado\b/,
  ],
  SINPE_THIRD_PARTY: [
    joined(
      /\bsinpe( movil)?\b.{0,60}/,
      /\b(a nombre de|de mi (esposa|esposo|hermana|hermano|primo|prima|mama|papa|hijo|hija|socio|familiar)|otra persona|un tercero|tercera persona)\b/,
    ),
    /\b(a nombre de|de mi (esposa|esposo|hermana|hermano|primo|mama|papa|hijo|hija|socio|familiar)|otra persona|un tercero)\b.{0,60}\bsinpe\b/,
    /\bsinpe\b.{0,60}\b(my (wife|husband|brother|sister|cousin|mother|father|partner|agent)|third party|another person|someone else)\b/,
  ],
  PAYMENT_FROM_ABROAD: [
    /\b(estoy|me encuentro|vivo|trabajo) (fuera del pais|en el extranjero|en (estados unidos|usa|ee ?uu|panama|espana|canada|alemania))\b/,
    /\b(desde el extranjero|desde (estados unidos|usa|panama|espana))\b.{0,60}\b(pago|pagar|envio|enviar|transferencia|deposito)\b/,
    /\b(pago|transferencia|envio del carro|le envio el carro|se lo envio)\b.{0,40}\b(al|del|desde el) extranjero\b/,
    /\b(i am|i'm|currently|living|i live|i work) (abroad|overseas|out of the country|outside the country)\b/,
    /\b(shipping company|ship (it|the car) to you|the car will be (shipped|delivered) to you|transportista internacional)\b/,
  ],
  BEFORE_SEEING: [
    joined(
      /\b(antes de (verlo|verla|ver el carro|ver el vehiculo|la cita|reunirnos|vernos)|sin (verlo|verla|ver el carro))\b.{0,80}/,
      /\b(pago|pagar|pague|deposit\w*|transfer\w*|sinpe|dinero|adelanto)\b/,
    ),
    joined(
      /\b(pago|pagar|pague|deposit\w*|transfer\w*|sinpe|dinero|adelanto)\b.{0,80}/,
      /\b(antes de (verlo|verla|ver el carro|ver el vehiculo|la cita|reunirnos|vernos)|sin (verlo|verla|ver el carro))\b/,
    ),
    /\b(before (seeing|viewing|inspecting|we meet)|without seeing)\b.{0,80}\b(pay|payment|deposit|transfer|money)\b/,
    /\b(pay|payment|deposit|transfer|money)\b.{0,80}\b(before (seeing|viewing|inspecting|we meet|the viewing)|without seeing)\b/,
  ],
  MONEY_TRANSFER_SERVICE: [
    /\b(western ?union|money ?gram|ria money|remesa|giro internacional|gift ?cards?|tarjetas? de regalo|bitcoin|usdt|cripto\w*|crypto\w*)\b/,
  ],
};

/** The rules a text breaks (none for an honest ad). */
export function scamTextRules(text: string): ScamTextRule[] {
  const folded = foldText(text);
  return SCAM_TEXT_RULES.filter((rule) => PATTERNS[rule].some((pattern) => pattern.test(folded)));
}

/**
 * The words of a text each broken rule matched (folded: lower case, no accents), the evidence an
 * administrator reads beside the ADVANCE_PAYMENT_TEXT signal; one passage per rule, in rule order.
 */
export function scamTextMatches(text: string): Array<{ rule: ScamTextRule; words: string }> {
  const folded = foldText(text);
  const found: Array<{ rule: ScamTextRule; words: string }> = [];
  for (const rule of SCAM_TEXT_RULES) {
    for (const pattern of PATTERNS[rule]) {
      const match = pattern.exec(folded);
      if (match) {
        found.push({ rule, words: match[0].trim() });
        break;
      }
    }
  }
  return found;
}

// ---- Perceptual hashes of photos ----------------------------------------------------------

/** A 64-bit perceptual hash (pHash, media's `photo-hash.ts`) as 16 hexadecimal digits. */
export const PHOTO_HASH_PATTERN = /^[0-9a-f]{16}$/;

/** Two photos at most this many bits apart are the same picture (re-encoded, resized, lightly edited). */
export const PHOTO_HASH_MAX_DISTANCE = 4;

/** Bits that differ between two hashes. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

/**
 * The hash cut in 8 bands of 8 bits, each tagged by its position ("3:af"). Two hashes at most
 * PHOTO_HASH_MAX_DISTANCE (< 8) bits apart share at least one band, so an index on the bands finds
 * every candidate; the distance then decides.
 */
export function photoHashBands(hash: string): string[] {
  return Array.from({ length: 8 }, (_, index) => `${index}:${hash.slice(index * 2, index * 2 + 2)}`);
}

/** Whether a price is at least `percent` below an estimate (false without an estimate). */
export function priceFarBelow(priceCrc: number, estimateCrc: number | null, percent: number): boolean {
  if (estimateCrc === null || !(estimateCrc > 0)) return false;
  return priceCrc <= estimateCrc * (1 - percent / 100);
}

/** A price against an estimate in whole percent: +65 is 65 % above, -20 is 20 % below (the insights' hint, the wizard's live position). */
export function percentFromEstimate(price: number, estimate: number): number {
  return Math.round(((price - estimate) / estimate) * 100);
}

/** Where a price sits against a market range (issue 31): under its low end, inside it, or over its high end, and by how much against the estimate. */
export function pricePosition(price: number, range: { low: number; high: number; estimate: number }): { place: 'below' | 'within' | 'above'; percent: number } {
  const place = price < range.low ? 'below' : price > range.high ? 'above' : 'within';
  return { place, percent: range.estimate > 0 ? percentFromEstimate(price, range.estimate) : 0 };
}

/** A phone number as compared across accounts: its digits, without Costa Rica's country code. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('506') ? digits.slice(3) : digits;
}

/**
 * What one report weighs towards REPORTS_TO_HIDE (issue 28, decision 0148): a confirmed account older
 * than NEW_ACCOUNT_DAYS counts 1, a newer account or a visitor a third; reports from one client
 * address count once (the heaviest); a reporter counts `1 / (1 + n)` of that after n reports an
 * administrator dismissed. So five accounts registered from one address weigh a third, five visitors
 * from five addresses five thirds, and five established people from their own addresses five.
 */
export const REPORT_WEIGHTS = { ACCOUNT: 1, NEW_ACCOUNT: 1 / 3, VISITOR: 1 / 3 } as const;

/** The weight of one reporter's report (see REPORT_WEIGHTS). */
export function reportWeight(reporter: { kind: 'VISITOR' | 'NEW_ACCOUNT' | 'ACCOUNT'; dismissedBefore: number }): number {
  return REPORT_WEIGHTS[reporter.kind] / (1 + Math.max(0, reporter.dismissedBefore));
}

/**
 * Whether reports of that total weight hide the ad: at least REPORTS_TO_HIDE, allowing for the sum of
 * thirds (three visitors weigh as one account).
 */
export const reportsHide = (weight: number, reportsToHide: number): boolean => weight + 1e-9 >= reportsToHide;
