/**
 * The Appearance editor's height and weight: numbers with units, written back into the
 * spec's free texts ("172 cm", 5'8", "70 kg", "154 lb") — the database reads those as
 * centimetres and kilograms (docs/resume.md, "Units"). A text from before, that reads as no
 * number, is kept until a number replaces it.
 */
import { feetInchesToCm, heightUnitOf, weightUnitOf, type HeightUnit, type WeightUnit } from '../../../contract/resume-options';
import { feetInchesOf, heightCmOf, UNITS_TEXT, weightKgOf } from '../../../contract/units';

export interface Measures {
  heightUnit: HeightUnit;
  cm: string;
  feet: string;
  inches: string;
  weightUnit: WeightUnit;
  weight: string;
  /** The texts as loaded: kept as typed when their number comes back unchanged, or when unreadable and left alone. */
  heightText: string;
  weightText: string;
}

const KG_PER_LB = 0.45359237;

export function measuresOf(height: string, weight: string): Measures {
  const cm = heightCmOf(height);
  const kg = weightKgOf(weight);
  const heightUnit = heightUnitOf(height);
  const weightUnit = weightUnitOf(weight);
  const ft = cm === null ? null : feetInchesOf(cm);
  return {
    heightUnit,
    cm: cm === null ? '' : String(cm),
    feet: ft ? String(ft.feet) : '',
    inches: ft ? String(ft.inches) : '',
    weightUnit,
    weight: kg === null ? '' : String(weightUnit === 'lb' ? Math.round(kg / KG_PER_LB) : kg),
    heightText: height,
    weightText: weight,
  };
}

/** The legacy text shown as a hint, when it reads as no number. */
export const legacyHeight = (m: Measures) => (m.heightText.trim() && heightCmOf(m.heightText) === null ? m.heightText : null);
export const legacyWeight = (m: Measures) => (m.weightText.trim() && weightKgOf(m.weightText) === null ? m.weightText : null);

const whole = (s: string) => (/^\d{1,3}$/.test(s.trim()) ? Number(s.trim()) : NaN);

/** Switching the unit converts what is typed, so the same height stays. */
export function withHeightUnit(m: Measures, unit: HeightUnit): Measures {
  if (unit === m.heightUnit) return m;
  if (unit === 'ftin') {
    const cm = whole(m.cm);
    const ft = Number.isNaN(cm) ? null : feetInchesOf(cm);
    return { ...m, heightUnit: unit, feet: ft ? String(ft.feet) : '', inches: ft ? String(ft.inches) : '' };
  }
  const f = whole(m.feet);
  return { ...m, heightUnit: unit, cm: Number.isNaN(f) ? '' : String(feetInchesToCm(f, whole(m.inches || '0') || 0)) };
}
export function withWeightUnit(m: Measures, unit: WeightUnit): Measures {
  if (unit === m.weightUnit) return m;
  const n = whole(m.weight);
  if (Number.isNaN(n)) return { ...m, weightUnit: unit };
  return { ...m, weightUnit: unit, weight: String(unit === 'lb' ? Math.round(n / KG_PER_LB) : Math.round(n * KG_PER_LB)) };
}

/** The free texts to send, or the problem of each field (by input id). */
export function textsOf(m: Measures): { height: string; weight: string; problems: Partial<Record<'height' | 'weight', string>> } {
  const problems: Partial<Record<'height' | 'weight', string>> = {};
  let height = '';
  let cm: number | null = null;
  if (m.heightUnit === 'cm') {
    if (m.cm.trim()) {
      cm = whole(m.cm);
      if (Number.isNaN(cm) || cm < 50 || cm > 250) problems.height = UNITS_TEXT.heightRange;
      else height = `${cm} cm`;
    }
  } else if (m.feet.trim() || m.inches.trim()) {
    const f = whole(m.feet);
    const i = m.inches.trim() ? whole(m.inches) : 0;
    cm = Number.isNaN(f) || Number.isNaN(i) || i > 11 ? NaN : feetInchesToCm(f, i);
    if (Number.isNaN(cm) || cm < 50 || cm > 250) problems.height = UNITS_TEXT.feetInches;
    else height = `${f}'${i}"`;
  }
  if (!problems.height) {
    // Unchanged number and unit: the text stays as typed ("5 ft 8 in"); nothing typed: an unreadable old text stays.
    if (cm !== null && cm === heightCmOf(m.heightText) && m.heightUnit === heightUnitOf(m.heightText)) height = m.heightText;
    if (cm === null && legacyHeight(m)) height = m.heightText;
  }
  let weight = '';
  let kg: number | null = null;
  if (m.weight.trim()) {
    const n = whole(m.weight);
    kg = Number.isNaN(n) ? NaN : m.weightUnit === 'kg' ? n : Math.round(n * KG_PER_LB);
    if (Number.isNaN(kg) || kg < 20 || kg > 250) problems.weight = UNITS_TEXT.weightRange(m.weightUnit);
    else weight = `${n} ${m.weightUnit}`;
  }
  if (!problems.weight) {
    if (kg !== null && kg === weightKgOf(m.weightText) && m.weightUnit === weightUnitOf(m.weightText)) weight = m.weightText;
    if (kg === null && legacyWeight(m)) weight = m.weightText;
  }
  return { height, weight, problems };
}
