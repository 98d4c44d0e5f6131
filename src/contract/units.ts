/**
 * Height and weight, one way (docs/resume.md, "Units"): the spec's free texts read as
 * centimetres and kilograms by the same rules the database triggers use (migrations 0015
 * and 0028), and one display for every screen and PDF — "178 cm (5′10″)", "70 kg (154 lb)".
 * A text that reads as no number (written before the editor had units) is shown as typed.
 * Zod-free: web pages import it.
 */

const CM_PER_INCH = 2.54;
const KG_PER_LB = 0.45359237;

/** "172 cm", "172", "1.72 m", "5'8\"", "5 ft 8 in", "5 feet 8 inches" → 172; else null (as talent_height_cm). */
export function heightCmOf(raw: string | null | undefined): number | null {
  let s = (raw ?? '').trim().toLowerCase();
  if (s === '' || s.length > 40) return null;
  s = s.replace(/[’‘′]/g, "'").replace(/[”″“]/g, '"');
  let cm: number;
  let m = /^(\d{2,3}(?:\.\d+)?)\s*(?:cm|cms|centimet(?:er|re)s?)?$/.exec(s);
  if (m) cm = Number(m[1]);
  else if ((m = /^(\d(?:\.\d+)?)\s*(?:m|mt|mtr|mtrs|met(?:er|re)s?)?$/.exec(s))) cm = Number(m[1]) * 100;
  else {
    m = /^(\d)\s*(?:'|ft\.?|feet|foot)\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|''|in\.?|inch|inches)?)?$/.exec(s);
    if (!m || Number(m[2] ?? 0) >= 12) return null;
    cm = Number(m[1]) * 30.48 + Number(m[2] ?? 0) * CM_PER_INCH;
  }
  if (cm < 50 || cm > 275) return null;
  return Math.round(cm);
}

/** "70", "70 kg", "70.5 kilos", "154 lb", "154 pounds" → kilograms; else null (as talent_weight_kg). */
export function weightKgOf(raw: string | null | undefined): number | null {
  const s = (raw ?? '').trim().toLowerCase();
  if (s === '' || s.length > 40) return null;
  let kg: number;
  let m = /^(\d{2,3}(?:\.\d+)?)\s*(?:kg|kgs|kilo|kilos|kilograms?)?$/.exec(s);
  if (m) kg = Number(m[1]);
  else {
    m = /^(\d{2,3}(?:\.\d+)?)\s*(?:lb|lbs|pounds?)$/.exec(s);
    if (!m) return null;
    kg = Number(m[1]) * KG_PER_LB;
  }
  if (kg < 20 || kg > 250) return null;
  return Math.round(kg);
}

/** Feet and inches of a height in centimetres, to the nearest inch. */
export function feetInchesOf(cm: number): { feet: number; inches: number } {
  const inches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(inches / 12), inches: inches % 12 };
}

/** "178 cm (5′10″)". */
export function heightFromCm(cm: number): string {
  const { feet, inches } = feetInchesOf(cm);
  return `${cm} cm (${feet}′${inches}″)`;
}

/** "70 kg (154 lb)". */
export function weightFromKg(kg: number): string {
  return `${kg} kg (${Math.round(kg / KG_PER_LB)} lb)`;
}

/** The one display of a height: from the free text (or its number), else the text as typed. */
export function heightShown(text: string | null | undefined, cm?: number | null): string {
  const value = cm ?? heightCmOf(text);
  return value === null ? (text ?? '').trim() : heightFromCm(value);
}

/** The one display of a weight: from the free text (or its number), else the text as typed. */
export function weightShown(text: string | null | undefined, kg?: number | null): string {
  const value = kg ?? weightKgOf(text);
  return value === null ? (text ?? '').trim() : weightFromKg(value);
}

/** The Appearance editor's words (docs/resume.md, "Units"). */
export const UNITS_TEXT = {
  heightUnit: 'Height unit',
  weightUnit: 'Weight unit',
  feet: 'Height, feet',
  inches: 'Height, inches',
  unitLabels: { cm: 'cm', ftin: 'ft and in', kg: 'kg', lb: 'lb' } as Record<string, string>,
  /** A text from before the editor had units, kept until a number replaces it. */
  legacy: (text: string) => `Saved as “${text}”: enter a number to replace it.`,
  heightRange: 'Height must be a whole number from 50 to 250 cm',
  feetInches: 'Height must be from 1 ft 8 in to 8 ft 2 in, inches from 0 to 11',
  weightRange: (unit: 'kg' | 'lb') => (unit === 'kg' ? 'Weight must be a whole number from 20 to 250 kg' : 'Weight must be a whole number from 44 to 551 lb'),
  /** The server's word for a height or weight text it cannot read as a number. */
  heightUnreadable: `Height must be written in cm (172 cm) or in feet and inches (5'8")`,
  weightUnreadable: 'Weight must be written in kg (70 kg) or in lb (154 lb)',
};
