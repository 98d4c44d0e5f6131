/**
 * Height and weight with units, on /editapperance (the one place they are entered,
 * docs/resume.md "Units"): a number and its unit; feet and inches side by side. The labels
 * stay the spec's "Height" and "Weight".
 */
import type { HeightUnit, WeightUnit } from '../../../contract/resume-options';
import { UNITS_TEXT } from '../../../contract/units';
import { FormField } from '../../components/FormField';
import { legacyHeight, legacyWeight, withHeightUnit, withWeightUnit, type Measures } from './measure-editor';

interface Props {
  value: Measures;
  errors: Partial<Record<'height' | 'weight', string>>;
  onChange: (next: Measures, field: 'height' | 'weight') => void;
}

export function MeasureInputs({ value: m, errors, onChange }: Props) {
  const oldHeight = legacyHeight(m);
  const oldWeight = legacyWeight(m);
  const number = { className: 'input measure-number', inputMode: 'numeric' as const, autoComplete: 'off' };
  return (
    <>
      <FormField id="height" label="Height" error={errors.height} hint={oldHeight ? UNITS_TEXT.legacy(oldHeight) : undefined}>
        {(a11y) => (
          <div className="measure-row">
            {m.heightUnit === 'cm' ? (
              <input {...a11y} {...number} value={m.cm} onChange={(e) => onChange({ ...m, cm: e.target.value }, 'height')} />
            ) : (
              <>
                <input {...a11y} {...number} aria-label={UNITS_TEXT.feet} value={m.feet} onChange={(e) => onChange({ ...m, feet: e.target.value }, 'height')} />
                <span aria-hidden="true">ft</span>
                <input
                  id="height-inches"
                  {...number}
                  aria-label={UNITS_TEXT.inches}
                  aria-invalid={a11y['aria-invalid']}
                  value={m.inches}
                  onChange={(e) => onChange({ ...m, inches: e.target.value }, 'height')}
                />
                <span aria-hidden="true">in</span>
              </>
            )}
            <select
              className="input measure-unit"
              aria-label={UNITS_TEXT.heightUnit}
              value={m.heightUnit}
              onChange={(e) => onChange(withHeightUnit(m, e.target.value as HeightUnit), 'height')}
            >
              {(['cm', 'ftin'] as const).map((u) => (
                <option key={u} value={u}>{UNITS_TEXT.unitLabels[u]}</option>
              ))}
            </select>
          </div>
        )}
      </FormField>
      <FormField id="weight" label="Weight" error={errors.weight} hint={oldWeight ? UNITS_TEXT.legacy(oldWeight) : undefined}>
        {(a11y) => (
          <div className="measure-row">
            <input {...a11y} {...number} value={m.weight} onChange={(e) => onChange({ ...m, weight: e.target.value }, 'weight')} />
            <select
              className="input measure-unit"
              aria-label={UNITS_TEXT.weightUnit}
              value={m.weightUnit}
              onChange={(e) => onChange(withWeightUnit(m, e.target.value as WeightUnit), 'weight')}
            >
              {(['kg', 'lb'] as const).map((u) => (
                <option key={u} value={u}>{UNITS_TEXT.unitLabels[u]}</option>
              ))}
            </select>
          </div>
        )}
      </FormField>
    </>
  );
}
