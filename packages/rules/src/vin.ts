/**
 * Vehicle identification numbers (issue 13, research next-wave §C): validated and decoded offline,
 * the same way on the server and in the form.
 *
 * Hard rules: 17 characters of [A-HJ-NPR-Z0-9] (I, O and Q never appear). The 49 CFR 565 check digit
 * at position 9 is mandatory for North-American VINs (WMI starting 1–5) and refused when wrong
 * there; elsewhere (ISO 3779) it is optional, so a mismatch is only a warning — European makers
 * often put the filler `Z` in position 9.
 */

export const VIN_LENGTH = 17;
const VIN_ALPHABET = /^[A-HJ-NPR-Z0-9]*$/;

/** 49 CFR 565.15(c) Table III: the value of each letter (digits keep theirs). */
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
/** Table IV: the weight of each position 1–17 (position 9, the check digit itself, weighs 0). */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a well-formed VIN should carry at position 9: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!;
    sum += (c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c]!) * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** North-American WMIs (first character 1–5): there the check digit is mandatory. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/** Why a VIN is refused. */
export type VinProblem = 'length' | 'characters' | 'checkDigit';

export type VinCheck =
  { ok: true; vin: string; warnings: 'checkDigit'[] } | { ok: false; vin: string; problem: VinProblem };

/** Upper-cased and without spaces: how a VIN is typed from a registration document. */
export function normalizeVin(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** A VIN as typed: refused (length, characters, NA check digit) or accepted with warnings. */
export function checkVin(raw: string): VinCheck {
  const vin = normalizeVin(raw);
  if (!VIN_ALPHABET.test(vin)) return { ok: false, vin, problem: 'characters' };
  if (vin.length !== VIN_LENGTH) return { ok: false, vin, problem: 'length' };
  if (vinCheckDigit(vin) === vin[8]) return { ok: true, vin, warnings: [] };
  if (isNorthAmericanVin(vin)) return { ok: false, vin, problem: 'checkDigit' };
  return { ok: true, vin, warnings: ['checkDigit'] };
}

/**
 * The World Manufacturer Identifiers of the maker's fleet and of the makes its photos most often
 * show, kept here only (no network): the decode beside the VIN field, never a validation.
 */
export const FLEET_WMIS: Readonly<Record<string, { manufacturer: string; country: string }>> = {
  ZFA: { manufacturer: 'Fiat', country: 'IT' },
  ZFC: { manufacturer: 'Fiat (commercial)', country: 'IT' },
  ZAR: { manufacturer: 'Alfa Romeo', country: 'IT' },
  ZLA: { manufacturer: 'Lancia', country: 'IT' },
  ZAM: { manufacturer: 'Maserati', country: 'IT' },
  ZFF: { manufacturer: 'Ferrari', country: 'IT' },
  ZHW: { manufacturer: 'Lamborghini', country: 'IT' },
  ZCF: { manufacturer: 'Iveco', country: 'IT' },
  ZAP: { manufacturer: 'Piaggio', country: 'IT' },
  VF3: { manufacturer: 'Peugeot', country: 'FR' },
  VF7: { manufacturer: 'Citroën', country: 'FR' },
  VR1: { manufacturer: 'DS Automobiles', country: 'FR' },
  VF1: { manufacturer: 'Renault', country: 'FR' },
  W0L: { manufacturer: 'Opel', country: 'DE' },
  WVW: { manufacturer: 'Volkswagen', country: 'DE' },
  WBA: { manufacturer: 'BMW', country: 'DE' },
  WDD: { manufacturer: 'Mercedes-Benz', country: 'DE' },
  WAU: { manufacturer: 'Audi', country: 'DE' },
  TMB: { manufacturer: 'Škoda', country: 'CZ' },
  VSS: { manufacturer: 'SEAT', country: 'ES' },
  '1C4': { manufacturer: 'Jeep / Chrysler', country: 'US' },
  '1C6': { manufacturer: 'Ram', country: 'US' },
  '2C3': { manufacturer: 'Chrysler (Canada)', country: 'CA' },
  '3C4': { manufacturer: 'Jeep / Chrysler (Mexico)', country: 'MX' },
  '1G4': { manufacturer: 'Buick', country: 'US' },
  '1FA': { manufacturer: 'Ford', country: 'US' },
  KM8: { manufacturer: 'Hyundai', country: 'KR' },
  JHM: { manufacturer: 'Honda', country: 'JP' },
};

/** Position 10 codes in their 30-year cycle: index i is 1980 + i, or 2010 + i. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export interface VinDecode {
  wmi: string;
  manufacturer: string | null;
  country: string | null;
  /** From position 10; null when it is no year code (U, Z, 0 never are). */
  modelYear: number | null;
  checkDigit: 'ok' | 'mismatch';
}

/**
 * What a valid VIN says offline. The model year: for North-American VINs position 7 picks the
 * cycle (a digit 1980–2009, a letter 2010–2039); elsewhere the latest year of the cycle that is not
 * after next year (model years run one ahead of the calendar).
 */
export function decodeVin(vin: string, now: Date = new Date()): VinDecode {
  const wmi = vin.slice(0, 3);
  const fleet = FLEET_WMIS[wmi];
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  let modelYear: number | null = null;
  if (index >= 0) {
    if (isNorthAmericanVin(vin)) modelYear = (/\d/.test(vin[6] ?? '') ? 1980 : 2010) + index;
    else {
      const latest = now.getUTCFullYear() + 1;
      modelYear = 1980 + index;
      while (modelYear + 30 <= latest) modelYear += 30;
    }
  }
  return {
    wmi,
    manufacturer: fleet?.manufacturer ?? null,
    country: fleet?.country ?? null,
    modelYear,
    checkDigit: vinCheckDigit(vin) === vin[8] ? 'ok' : 'mismatch',
  };
}
